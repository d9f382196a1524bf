/** The built `rapport history prune`: its refusals, what it prints, and the horizon it leaves for pollers. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore, HistoryPrunedError } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport as rapport } from "../testing/built-cli.js";

const DAY = 86_400_000;
const folder = mkdtempSync(join(tmpdir(), "rapport-history-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport history prune", () => {
  it("prunes the deletions older than --older-than days and leaves a horizon that refuses older polls", async () => {
    const database = join(folder, "history.db");
    let now = Date.now() - 100 * DAY;
    const setup = await createSqliteStore({ path: database, now: () => now });
    const tenantUuid = (await setup.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const note = async () => (await setup.notes.create({ tenant_uuid: tenantUuid, content: "Call notes" }, { user_uuid: null })).uuid;
    const [old, recent] = [await note(), await note()];
    await setup.notes.delete(tenantUuid, old);
    now = Date.now();
    await setup.notes.delete(tenantUuid, recent);
    await setup.close();

    expect(await rapport(database, "history", "prune", "--older-than", "0")).toMatchObject({
      code: 1,
      stderr: "rapport: option '--older-than <days>' argument '0' is invalid. must be a whole number of days from 1 to 36500\n",
    });
    const pruned = await rapport(database, "history", "prune", "--older-than", "30");
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(new RegExp(`^${tenantUuid}  record_deletions  1 entries removed; polls after a sequence below \\d+ now answer 410\\n$`));
    expect((await rapport(database, "history", "prune", "--older-than", "30")).stdout).toMatch(/^nothing recorded before .* to prune\n$/);

    const store = await createSqliteStore({ path: database });
    try {
      const read = (afterSequence: number) => store.deletions.list(tenantUuid, { viewer: { user_uuid: null }, afterSequence, limit: 10, position: { kind: "offset", offset: 0 } });
      await expect(read(0)).rejects.toThrow(HistoryPrunedError);
      const all = await store.deletions.list(tenantUuid, { viewer: { user_uuid: null }, limit: 10, position: { kind: "offset", offset: 0 } });
      expect(all.rows.map((entry) => entry.uuid)).toEqual([recent]);
    } finally {
      await store.close();
    }
  });
});
