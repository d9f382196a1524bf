import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkNativeSqlite, nativeSqliteProblem } from "./native-sqlite.js";

// better-sqlite3 finds its compiled part through the `bindings` package: the same one, from where it is installed.
const requireFromBetterSqlite = createRequire(createRequire(import.meta.url).resolve("better-sqlite3"));
const bindings = requireFromBetterSqlite("bindings") as (options: { bindings: string; module_root: string }) => unknown;

const folder = mkdtempSync(join(tmpdir(), "rapport-native-sqlite-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A better-sqlite3 installed without its install script: a package folder holding no better_sqlite3.node. */
function openWithoutBuild(): never {
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "better-sqlite3" }));
  bindings({ bindings: "better_sqlite3.node", module_root: folder });
  throw new Error("bindings found a better_sqlite3.node in an empty folder");
}

/** A better_sqlite3.node that is no library of this Node.js (Node's ERR_DLOPEN_FAILED, as for another Node's build). */
function openBuiltForAnother(): never {
  const file = join(folder, "better_sqlite3.node");
  writeFileSync(file, "not a shared library");
  process.dlopen({ exports: {} }, file);
  throw new Error("Node loaded a text file as an addon");
}

describe("a better-sqlite3 that cannot load its compiled part", () => {
  it("is refused naming the call, better-sqlite3 and the commands that build it, the bindings package's error as its cause", () => {
    let refusal: unknown;
    try {
      checkNativeSqlite("createSqliteStore", openWithoutBuild);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      "createSqliteStore: better-sqlite3, which @rapport/store opens SQLite with, is not built (no better_sqlite3.node): its install script builds it: " +
        "approve it and build it (npm: npm install-scripts approve better-sqlite3, then npm rebuild better-sqlite3; pnpm: pnpm approve-builds, then " +
        "pnpm rebuild better-sqlite3), or, after a change of Node.js version, rebuild it (npm rebuild better-sqlite3).",
    );
    expect(((refusal as Error).cause as Error).message).toMatch(/^Could not locate the bindings file\. Tried:/);
  });

  it("built for another Node.js (or no library at all), is refused with Node's first line and the same commands", () => {
    expect(() => checkNativeSqlite("databaseStatus", openBuiltForAnother)).toThrow(
      new RegExp(`^databaseStatus: better-sqlite3, which @rapport/store opens SQLite with, cannot be loaded \\(${join(folder, "better_sqlite3.node")}: .+\\): its install script builds it: `),
    );
  });

  it("passes any other failure on as it is, and opens what loads", () => {
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    expect(() => checkNativeSqlite("createSqliteStore", () => { throw busy; })).toThrow(busy);
    expect(nativeSqliteProblem("createSqliteStore", "not an error")).toBeNull();
    expect(() => checkNativeSqlite("createSqliteStore", () => ({ close: () => undefined }))).not.toThrow();
  });
});
