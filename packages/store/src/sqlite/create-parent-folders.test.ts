/** createSqliteStore creates a database file's missing folders, and fails with a clear error where it cannot. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeFolder } from "./create-parent-folders.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-parent-folders-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("createSqliteStore's folders", () => {
  it("creates every missing folder of the path", async () => {
    const path = join(folder, "a", "b", "c", "rapport.db");
    const store = await createSqliteStore({ path });
    await store.close();
    expect(existsSync(path)).toBe(true);
  });

  it.runIf(existsSync("/proc/self"))("fails at once under /proc, naming the folder and the file, where it hung", async () => {
    // A hang is caught by the test's time limit.
    await expect(createSqliteStore({ path: "/proc/rapport-missing/rapport.db" })).rejects.toThrow(
      /^createSqliteStore: cannot create the folder "\/proc\/rapport-missing" for the database file "\/proc\/rapport-missing\/rapport\.db": ENOENT/,
    );
  }, 10_000);

  it("fails when a file stands where a folder must be, naming it", async () => {
    const file = join(folder, "a-file");
    writeFileSync(file, "");
    await expect(createSqliteStore({ path: join(file, "inner", "rapport.db") })).rejects.toThrow(/^createSqliteStore: cannot create the folder/);
  });

  it("takes a folder another process made between the look and the make (two servers starting on one new path)", () => {
    const raced = join(folder, "raced");
    makeFolder(raced);
    expect(() => makeFolder(raced)).not.toThrow();
    const file = join(folder, "raced-file");
    writeFileSync(file, "");
    expect(() => makeFolder(file)).toThrow(/EEXIST/);
  });
});
