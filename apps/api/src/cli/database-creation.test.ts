/** The rule of every command that may create the database: a failed opening, or work after it, leaves nothing it made. */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "./cli-output.js";
import { openingCreatedDatabase, withCreatedDatabase } from "./database-creation.js";
import { openStore } from "./open-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-database-creation-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An opening that fails as a full disk fails it, once SQLite has made its -wal and -shm beside the file. */
const failingOpening = (path: string) => async () => {
  writeFileSync(`${path}-wal`, "x");
  writeFileSync(`${path}-shm`, "x");
  throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_SHMSIZE" });
};

describe("openingCreatedDatabase", () => {
  it("removes the file, its -wal and -shm and the folders it made when the opening fails; a zero-byte file that was there stays, empty", async () => {
    const path = join(folder, "new", "deeper", "rapport.db");
    await expect(openingCreatedDatabase(path, failingOpening(path))).rejects.toBeInstanceOf(CliError);
    expect(readdirSync(folder)).toEqual([]);

    const empty = join(folder, "empty.db");
    writeFileSync(empty, "");
    await expect(openingCreatedDatabase(empty, async () => {
      writeFileSync(empty, "half a database");
      return failingOpening(empty)();
    })).rejects.toBeInstanceOf(CliError);
    expect(readdirSync(folder)).toEqual(["empty.db"]);
    expect(statSync(empty).size).toBe(0);

    const opened = await openingCreatedDatabase(join(folder, "made", "rapport.db"), async () => "opened");
    expect(opened).toEqual({ opened: "opened", created: true });
    expect(existsSync(join(folder, "made", "rapport.db"))).toBe(true);
  });
});

describe("withCreatedDatabase", () => {
  it("removes the database it made, with its -wal, -shm and folders, when the work after the opening fails (a refused insert)", async () => {
    const path = join(folder, "refused", "deeper", "rapport.db");
    // A blank name passes no command's check but reaches the store's own refusal, after the file was made and migrated.
    await expect(withCreatedDatabase(path, () => openStore(path), (store) => store.tenants.create({ name: " ", tier: "standard" }))).rejects.toThrow(/name/);
    expect(existsSync(join(folder, "refused"))).toBe(false);
  });

  it("keeps a database it made when the work succeeds, and one it did not make when the work fails", async () => {
    const path = join(folder, "kept", "rapport.db");
    const tenant = await withCreatedDatabase(path, () => openStore(path), async (store, created) => {
      expect(created).toBe(true);
      return store.tenants.create({ name: "Kept", tier: "standard" });
    });
    await expect(withCreatedDatabase(path, () => openStore(path), async (store, created) => {
      expect(created).toBe(false);
      throw new Error("refused");
    })).rejects.toThrow("refused");
    expect(await withCreatedDatabase(path, () => openStore(path), (store) => store.tenants.list())).toEqual([tenant]);
  });
});
