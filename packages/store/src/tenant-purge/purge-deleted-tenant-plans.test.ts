/**
 * Every statement a tenant's purge prepares, planned under statistics like benchmark scale L's: a step finds the
 * tenant's rows through an index led by the tenant and stops at its limit, or seeks the rows a step named by key; none
 * reads a whole table of the file but those named below.
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
const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-purge-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Tables read whole on purpose: API keys, their last uses and files have no index by tenant (a deployment's keys and files are few;
 * kept bodies, which have none either, go with their emails, by key), the OAuth
 * state is searched for the tenant's account ids (rows that expire), the statistics' samples for its uuid, and the
 * schema for the tables.
 */
const READ_WHOLE = /^SCAN (api_keys|api_key_uses|files|file_contents|oauth_models|sqlite_stat4|sqlite_master|m|c|f)\b/;

/** A plan's steps that scan a whole table (not a JSON list, a constant row or an FTS index). */
function scansIn(plan: string): string[] {
  return plan.split("; ").filter((step) => /^SCAN (?!.*VIRTUAL TABLE)/.test(step) && !/^SCAN (CONSTANT ROW|json_each)/.test(step) && !READ_WHOLE.test(step));
}

describe("tenants.purge, under statistics like scale L's", () => {
  it("reads no table of the file whole but those named, and seeks by key the rows a step named", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenant = await buildDataSubjectTenant(store, NOW);
      await store.nameSearch.catchUp(tenant.tenantUuid);
      await store.tenants.delete(tenant.tenantUuid);
      statements = await preparedDuring(() => store.tenants.purge(tenant.tenantUuid));
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useOnlyScaleLStatistics(sqlite, SCALE_L_TABLES);
      // As the purge's steps run: a deleted row's foreign key check is not one of its statements (see the purge).
      sqlite.pragma("foreign_keys = off");
      const plans = [...new Set(statements.map((source) => source.replace(/\s+/g, " ").trim()))]
        .filter((source) => !/^(pragma|begin|commit|rollback|insert into \w+_name_search \(\w+\) values \('optimize'\))/i.test(source))
        .map((source) => ({ source: source.slice(0, 160), plan: planOf(sqlite, source) }));
      expect(plans.length).toBeGreaterThan(20);
      expect(plans.filter(({ plan }) => scansIn(plan).length > 0)).toEqual([]);
      // A step's rows named by uuid are sought one by one, not found by walking the tenant.
      expect(plans.filter(({ source, plan }) => source.includes("json_each") && tenantWalksIn(plan).length > 0)).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
