/**
 * The reads of many records by uuid that a heavy contact's erasure makes (the interactions the graph takes, the
 * opportunities refreshed, the affiliations of persons whose activity went down), planned under statistics like
 * benchmark scale L's (a thousand rows guessed per tenant): each seeks its records by key from the list, where a
 * `tenant_uuid = ? and uuid in (500 values)` filter walked every record of the tenant.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";
import { interactionsByIds } from "./interaction-records.js";
import { lowerOpportunityActivityAfterLosses, refreshOpportunityActivity } from "./opportunity-activity.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-erasure-plans-"));
let sqlite: SqliteDatabase.Database;
let db: Kysely<Database>;
let tenantUuid: string;
/** As many uuids as one read takes: enough for the planner to prefer walking the tenant to 500 seeks. */
const uuids = Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);

beforeAll(async () => {
  const path = join(folder, "plans.db");
  const store = await createSqliteStore({ path, now: () => NOW });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  await store.close();
  sqlite = new SqliteDatabase(path);
  useScaleLStatistics(sqlite, ["affiliations", "meetings", "opportunities"]);
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterAll(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** The plans of the reads `run` makes from `table` that walk the tenant's rows instead of seeking by key. */
async function tenantWalksOf(table: string, run: () => Promise<unknown>): Promise<string[]> {
  const reads = (await readDuring(run)).filter((source) => new RegExp(`\\b${table}\\b`).test(source));
  expect(reads.length).toBeGreaterThan(0);
  return reads.map((source) => planOf(sqlite, source)).filter((plan) => new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX \\w+ \\(tenant_uuid=\\?\\)`).test(plan));
}

describe("reads by many uuids, under statistics like scale L's", () => {
  it("interactionsByIds seeks each meeting and email by its uuid", async () => {
    expect(await tenantWalksOf("meetings", () => interactionsByIds(db, tenantUuid, "meeting", uuids))).toEqual([]);
    expect(await tenantWalksOf("emails", () => interactionsByIds(db, tenantUuid, "email", uuids))).toEqual([]);
  });

  it("refreshOpportunityActivity seeks each opportunity by its uuid", async () => {
    expect(await tenantWalksOf("opportunities", () => refreshOpportunityActivity(db, tenantUuid, uuids, { now: NOW }))).toEqual([]);
  });

  it("lowerOpportunityActivityAfterLosses seeks the affiliations of each person whose activity went down", async () => {
    const losses = { persons: new Map(uuids.map((uuid) => [uuid, NOW])), companies: new Map<string, number>() };
    expect(await tenantWalksOf("affiliations", () => lowerOpportunityActivityAfterLosses(db, tenantUuid, losses, NOW, []))).toEqual([]);
  });
});
