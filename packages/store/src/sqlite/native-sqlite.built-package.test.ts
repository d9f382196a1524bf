/**
 * What a service sees when better-sqlite3 was installed without its install script (npm's `--ignore-scripts`, a
 * dependency npm 11 was told to deny, pnpm 10 before `approve-builds`): the built package (dist/, which `test` builds
 * first) in a project whose better-sqlite3 has no compiled part, the rest of its dependencies linked as installed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPackageJson } from "../../../../scripts/package-contents.mjs";

const packageFolder = fileURLToPath(new URL("../../", import.meta.url));
const packageJson = readPackageJson(new URL("../../", import.meta.url));
let project = "";

/** The package's entries that open a database file, with the operation each names in its errors. */
const ENTRY_OPERATIONS = {
  createSqliteStore: "createSqliteStore",
  pendingMigrations: "pendingMigrations",
  databaseStatus: "databaseStatus",
  backupDatabase: "store.backup",
  restoreDatabase: "restoreDatabase",
  compactDatabase: "compactDatabase",
  openTenantExport: "openTenantExport",
  openTenantImport: "openTenantImport",
};

/** Calls each entry on existing.db (an empty file) and prints, by entry, the first line of the error it threw, or "answered". */
const ENTRIES_SCRIPT = `
import * as store from "@rapport/store";
const tenant = { uuid: "0b7c7a43-52a4-4c1e-9a0f-4d6c63f3b1a1", name: "Acme", tier: "professional" };
const calls = {
  createSqliteStore: () => store.createSqliteStore({ path: "./data/rapport.db" }),
  pendingMigrations: () => store.pendingMigrations("./existing.db"),
  databaseStatus: () => store.databaseStatus("./existing.db"),
  backupDatabase: () => store.backupDatabase("./existing.db", "./copy.db"),
  restoreDatabase: () => store.restoreDatabase("./restored.db", "./existing.db"),
  compactDatabase: () => store.compactDatabase("./existing.db"),
  openTenantExport: () => store.openTenantExport("./existing.db", tenant.uuid),
  openTenantImport: () => store.openTenantImport("./existing.db", tenant),
};
const printed = {};
for (const [entry, call] of Object.entries(calls)) {
  try {
    await call();
    printed[entry] = "answered";
  } catch (error) {
    printed[entry] = String(error.message).split("\\n")[0];
  }
}
console.log(JSON.stringify(printed));
`;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "rapport-store-unbuilt-sqlite-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "customer", private: true, type: "module" }));
  const modules = join(project, "node_modules");
  // The package as npm unpacks it: a copy, so that it finds its dependencies here rather than beside its source.
  mkdirSync(join(modules, "@rapport", "store"), { recursive: true });
  cpSync(join(packageFolder, "package.json"), join(modules, "@rapport", "store", "package.json"));
  cpSync(join(packageFolder, "dist"), join(modules, "@rapport", "store", "dist"), { recursive: true });
  const installed = { ...packageJson.dependencies, ...packageJson.peerDependencies };
  for (const name of Object.keys(installed).filter((dependency) => dependency !== "better-sqlite3")) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(realpathSync(join(packageFolder, "node_modules", name)), join(modules, name), "dir");
  }
  // better-sqlite3 whose install script never ran: its JavaScript, no build/ folder; its own dependencies as installed.
  const betterSqlite = realpathSync(join(packageFolder, "node_modules", "better-sqlite3"));
  mkdirSync(join(modules, "better-sqlite3"));
  for (const entry of readdirSync(betterSqlite).filter((name) => !["build", "deps", "src"].includes(name))) {
    cpSync(join(betterSqlite, entry), join(modules, "better-sqlite3", entry), { recursive: true, dereference: false, verbatimSymlinks: true });
  }
  for (const name of ["bindings", "prebuild-install"]) symlinkSync(realpathSync(join(betterSqlite, "..", name)), join(modules, name), "dir");
  writeFileSync(
    join(project, "open.js"),
    'import { createSqliteStore } from "@rapport/store";\nawait createSqliteStore({ path: "./data/rapport.db" });\nconsole.log("opened");\n',
  );
});

afterAll(() => {
  if (project !== "") rmSync(project, { recursive: true, force: true });
});

describe("@rapport/store beside a better-sqlite3 left unbuilt", () => {
  it("refuses to open a database with the commands that build better-sqlite3, creating no folder or file", () => {
    expect(existsSync(join(project, "node_modules", "better-sqlite3", "build"))).toBe(false);
    const run = spawnSync(process.execPath, ["open.js"], { cwd: project, encoding: "utf8" });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      "Error: createSqliteStore: better-sqlite3, which @rapport/store opens SQLite with, is not built (no better_sqlite3.node): its install script builds it: " +
        "approve it and build it (npm: npm install-scripts approve better-sqlite3, then npm rebuild better-sqlite3;",
    );
    expect(existsSync(join(project, "data"))).toBe(false);
  });

  it("refuses every entry that opens a database file the same way, each naming itself", () => {
    writeFileSync(join(project, "existing.db"), "");
    writeFileSync(join(project, "entries.js"), ENTRIES_SCRIPT);
    const printed = JSON.parse(execFileSync(process.execPath, ["entries.js"], { cwd: project, encoding: "utf8" })) as Record<string, string>;
    const refusal = (operation: string) => `${operation}: better-sqlite3, which @rapport/store opens SQLite with, is not built (no better_sqlite3.node): its install script builds it: `;
    expect(Object.fromEntries(Object.entries(printed).map(([entry, message]) => [entry, message.slice(0, refusal(ENTRY_OPERATIONS[entry as keyof typeof ENTRY_OPERATIONS]).length)]))).toEqual(
      Object.fromEntries(Object.entries(ENTRY_OPERATIONS).map(([entry, operation]) => [entry, refusal(operation)])),
    );
  });

  it("opens it once better-sqlite3 is built (its compiled part put back)", () => {
    const betterSqlite = realpathSync(join(packageFolder, "node_modules", "better-sqlite3"));
    symlinkSync(join(betterSqlite, "build"), join(project, "node_modules", "better-sqlite3", "build"), "dir");
    expect(execFileSync(process.execPath, ["open.js"], { cwd: project, encoding: "utf8" })).toBe("opened\n");
  });
});
