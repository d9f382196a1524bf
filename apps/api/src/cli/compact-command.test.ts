/** `rapport compact`: the database rewritten from its live rows, never under a running server. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-compact-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const JORDAN_BLAKE = "06efa435-6c62-4cb7-9770-f221a0bcd7c6";
const JORDAN_ADDRESS = "jordan@northwind-robotics.example";

describe("rapport compact", { timeout: 60_000 }, () => {
  it("refuses while a server has the database open; then rewrites it, an erased person's address nowhere in it", async () => {
    const database = join(folder, "rapport.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    expect((await runRapportInProcess(database, "persons", "erase", "--tenant", DEMO_TENANT_UUID, "--person", JORDAN_BLAKE)).code).toBe(0);

    const server = await startRapportServer(database);
    try {
      expect(await runRapportInProcess(database, "compact")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: ${database} is open in another process (a rapport serve, import or other command): stop it first\n`,
      });
    } finally {
      await server.stop();
    }

    const compacted = await runRapportInProcess(database, "--json", "compact");
    expect(compacted.code, compacted.stderr).toBe(0);
    const output = JSON.parse(compacted.stdout) as { database: string; bytes_before: number; bytes_after: number; seconds: number };
    expect(output).toMatchObject({ database, bytes_after: statSync(database).size });
    expect(output.bytes_after).toBeLessThanOrEqual(output.bytes_before);
    expect(readFileSync(database).includes(Buffer.from(JORDAN_ADDRESS))).toBe(false);

    // The data is whole: the server starts on it and its users are there.
    const list = await runRapportInProcess(database, "users", "list", "--tenant", DEMO_TENANT_UUID);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain("Avery");
    const human = await runRapportInProcess(database, "compact");
    expect(human.stdout).toMatch(/^compacted .*rapport\.db: \d+\.\d MB to \d+\.\d MB in \d+\.\d\d s\n/);
  });

  it("refuses another application's SQLite database in one line, as backup does, changing nothing", async () => {
    const database = join(folder, "bookmarks.db");
    const other = new SqliteDatabase(database);
    other.exec("create table bookmarks (url text); insert into bookmarks values ('a'), ('b'); delete from bookmarks where url = 'a'");
    other.close();
    const before = readFileSync(database);
    const refusal = `rapport: ${database} is not a Rapport database: it has tables (bookmarks) but no record of Rapport's migrations; name another file\n`;
    expect(await runRapportInProcess(database, "compact")).toEqual({ code: 1, stdout: "", stderr: refusal });
    expect(await runRapportInProcess(database, "backup", "--to", join(folder, "bookmarks-copy.db"))).toEqual({ code: 1, stdout: "", stderr: refusal });
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(existsSync(join(folder, "bookmarks-copy.db"))).toBe(false);
  });

  it("names a missing database instead of creating one", async () => {
    const missing = join(folder, "missing.db");
    const result = await runRapportInProcess(missing, "compact");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`no database at ${missing}`);
  });
});
