/**
 * Every statement a history prune prepares, planned under statistics like benchmark scale L's: the newest prunable
 * entry is found through the (tenant, time) index up to the horizon's time, each step seeks the (tenant, sequence)
 * index to where the last one stopped and deletes what it walked by key, and a gone item is looked up by its uuid; no
 * statement reads a table whole.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { buildDataSubjectTenant } from "../testing/data-subject-tenant.js";
import { SCALE_L_TABLES, useOnlyScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 11, 5);
const folder = mkdtempSync(join(tmpdir(), "rapport-history-prune-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("history.prune, under statistics like scale L's", () => {
  it("seeks every entry it reads or deletes by a range or a key", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenant = await buildDataSubjectTenant(store, NOW);
      await store.notes.delete(tenant.tenantUuid, tenant.note.uuid);
      await store.meetings.delete(tenant.tenantUuid, tenant.board.uuid);
      statements = await preparedDuring(() => store.history.prune({ olderThan: Date.now() + 60_000 }));
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useOnlyScaleLStatistics(sqlite, SCALE_L_TABLES);
      const plans = [...new Set(statements.map((source) => source.replace(/\s+/g, " ").trim()))]
        .filter((source) => /activity_feed|record_deletions/.test(source) && !/^(begin|commit|rollback)/.test(source))
        .map((source) => ({ source: source.slice(0, 160), plan: planOf(sqlite, source) }));
      expect(plans.length).toBeGreaterThanOrEqual(4);
      const walking = plans.filter(({ plan }) => tenantWalksIn(plan).length > 0 || /(^|; )SCAN (?!json_each|CONSTANT ROW)/.test(plan));
      expect(walking).toEqual([]);
      // A step deletes the entries it walked by their keys, not by the range of the tenant's old entries.
      const deletes = plans.filter(({ source }) => source.startsWith("delete"));
      expect(deletes).toHaveLength(2);
      expect(deletes.filter(({ plan }) => !plan.startsWith("SEARCH entry USING INTEGER PRIMARY KEY (rowid=?)"))).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
