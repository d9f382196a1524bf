/** A command refused for its arguments or a missing database fails before the store (SQLite, Kysely, the graph) is loaded. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-store-loading-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Loaded before the command: on exit it writes whether the store's SQLite driver (a CommonJS module, so in
// require.cache) was loaded.
const PRELOAD = join(folder, "report-sqlite-loaded.cjs");
writeFileSync(
  PRELOAD,
  `process.on("exit", () => require("node:fs").writeFileSync(process.env.SQLITE_LOADED_REPORT, String(Object.keys(require.cache).some((path) => path.includes("better-sqlite3")))));\n`,
);

/** Runs the built `rapport ...args`: its exit code, its stderr and whether it loaded the SQLite driver. */
async function runWatched(...args: string[]): Promise<{ code: number; stderr: string; sqliteLoaded: boolean }> {
  const report = join(folder, `report-${Math.random().toString(36).slice(2)}.txt`);
  const env = { ...process.env, SQLITE_LOADED_REPORT: report };
  let outcome: { code: number; stderr: string };
  try {
    const { stderr } = await promisify(execFile)(process.execPath, ["--require", PRELOAD, CLI_PATH, ...args], { env });
    outcome = { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    outcome = { code: failed.code, stderr: failed.stderr };
  }
  return { ...outcome, sqliteLoaded: readFileSync(report, "utf8") === "true" };
}

describe("the command line's start", { timeout: 60_000 }, () => {
  it("loads the store for a command that opens the database", async () => {
    const database = join(folder, "rapport.db");
    const created = await runWatched("--db", database, "tenants", "create", "--name", "Acme");
    expect(created.code, created.stderr).toBe(0);
    expect(created.sqliteLoaded).toBe(true);
  });

  it("does not load it for a usage error or a missing database", async () => {
    const missing = join(folder, "typo", "rapport.db");
    const refusal = `rapport: no database at ${missing} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db); check the path: only rapport serve, rapport tenants create and rapport seed demo create one\n`;
    expect(await runWatched("--db", missing, "tenants", "frobnicate")).toEqual({ code: 1, stderr: "rapport: unknown command 'frobnicate'\n", sqliteLoaded: false });
    for (const args of [["status"], ["tenants", "list"], ["keys", "list", "--tenant", "00000000-0000-4000-8000-000000000000"]]) {
      expect(await runWatched("--db", missing, ...args), args.join(" ")).toEqual({ code: 1, stderr: refusal, sqliteLoaded: false });
    }
  });
});
