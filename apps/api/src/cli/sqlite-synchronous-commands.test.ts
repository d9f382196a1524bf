/**
 * RAPPORT_SQLITE_SYNCHRONOUS is one rule for every command that opens the database: the ones that open connections of
 * their own (seed demo's store, tenants import's writing steps) sync their commits as it says and refuse a misspelt
 * value, as the commands that open the store through openStore do.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-sqlite-synchronous-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `run` with RAPPORT_SQLITE_SYNCHRONOUS set to `value`, and the `synchronous` settings this process's connections were given meanwhile. */
async function withSynchronous<T>(value: string, run: () => Promise<T>): Promise<{ result: T; settings: string[] }> {
  const saved = process.env.RAPPORT_SQLITE_SYNCHRONOUS;
  process.env.RAPPORT_SQLITE_SYNCHRONOUS = value;
  const pragma = vi.spyOn(SqliteDatabase.prototype, "pragma");
  try {
    const result = await run();
    return { result, settings: pragma.mock.calls.map(([text]) => String(text).replace(/\s+/g, " ").trim()).filter((text) => text.startsWith("synchronous")) };
  } finally {
    pragma.mockRestore();
    if (saved === undefined) delete process.env.RAPPORT_SQLITE_SYNCHRONOUS;
    else process.env.RAPPORT_SQLITE_SYNCHRONOUS = saved;
  }
}

describe("RAPPORT_SQLITE_SYNCHRONOUS", { timeout: 30_000 }, () => {
  it("is what seed demo's store syncs as, and a misspelt value is refused before it makes a database", async () => {
    const refusedPath = join(folder, "refused", "demo.db");
    const refused = await withSynchronous("sometimes", () => runRapportInProcess(refusedPath, "seed", "demo"));
    expect(refused.result).toMatchObject({ code: 1, stderr: expect.stringContaining("RAPPORT_SQLITE_SYNCHRONOUS: expecting normal or full") });
    expect(existsSync(join(folder, "refused"))).toBe(false);

    const seeded = await withSynchronous("full", () => runRapportInProcess(join(folder, "demo.db"), "seed", "demo"));
    expect(seeded.result.code, seeded.result.stderr).toBe(0);
    expect(seeded.settings.length).toBeGreaterThan(0);
    expect(seeded.settings.filter((setting) => setting !== "synchronous = FULL")).toEqual([]);
  });

  it("is what tenants import's writing steps sync as", async () => {
    const source = join(folder, "source.db");
    const created = await runRapportInProcess(source, "--json", "tenants", "create", "--name", "Moving");
    const tenantUuid = (JSON.parse(created.stdout) as { uuid: string }).uuid;
    const exported = join(folder, "moving.jsonl");
    expect((await runRapportInProcess(source, "tenants", "export", "--tenant", tenantUuid, "--out", exported)).code).toBe(0);
    const imported = await withSynchronous("full", () => runRapportInProcess(join(folder, "target.db"), "tenants", "import", "--from", exported));
    expect(imported.result.code, imported.result.stderr).toBe(0);
    expect(imported.settings.length).toBeGreaterThan(0);
    expect(imported.settings.filter((setting) => setting !== "synchronous = FULL")).toEqual([]);
  });
});
