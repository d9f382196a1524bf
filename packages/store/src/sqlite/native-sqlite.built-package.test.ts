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

  it("opens it once better-sqlite3 is built (its compiled part put back)", () => {
    const betterSqlite = realpathSync(join(packageFolder, "node_modules", "better-sqlite3"));
    symlinkSync(join(betterSqlite, "build"), join(project, "node_modules", "better-sqlite3", "build"), "dir");
    expect(execFileSync(process.execPath, ["open.js"], { cwd: project, encoding: "utf8" })).toBe("opened\n");
  });
});
