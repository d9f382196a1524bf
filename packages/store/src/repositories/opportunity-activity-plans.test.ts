/**
 * The reads of current affiliations that opportunity activity makes for many persons at once (a meeting that
 * changes, the pending activity that ingest records), planned under statistics like benchmark scale L's (a
 * thousand rows guessed per tenant): each seeks the persons' affiliations by (tenant_uuid, person_uuid), where a
 * `tenant_uuid = ? and person_uuid in (500 values)` filter walked every affiliation of the tenant.
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
import { applyPendingOpportunityActivity, lowerOpportunityActivity, recordOpportunityActivity } from "./opportunity-activity.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-opportunity-activity-plans-"));
let sqlite: SqliteDatabase.Database;
let db: Kysely<Database>;
let tenantUuid: string;
/** As many persons as a chunk of ingest: enough for the planner to prefer walking the tenant to 500 seeks. */
const persons = Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);

beforeAll(async () => {
  const path = join(folder, "plans.db");
  const store = await createSqliteStore({ path, now: () => NOW });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  await store.close();
  sqlite = new SqliteDatabase(path);
  useScaleLStatistics(sqlite, ["affiliations", "associations", "opportunities"]);
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterAll(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** The plans of the reads of affiliations `run` makes. */
async function affiliationPlansOf(run: () => Promise<unknown>): Promise<string[]> {
  const reads = (await readDuring(run)).filter((source) => /\baffiliations\b/.test(source));
  expect(reads.length).toBeGreaterThan(0);
  return reads.map((source) => planOf(sqlite, source));
}

const seeksEachPerson = expect.stringMatching(/SEARCH a USING (COVERING )?INDEX affiliations_tenant_person \(tenant_uuid=\? AND person_uuid=\?\)/);

describe("affiliations of many persons, under statistics like scale L's", () => {
  it("lowerOpportunityActivity (a meeting that changes) seeks the affiliations of each person", async () => {
    const plans = await affiliationPlansOf(() => lowerOpportunityActivity(db, tenantUuid, persons, NOW - 1, NOW));
    expect(plans).toEqual(plans.map(() => seeksEachPerson));
  });

  it("applying pending activity (what ingest records) seeks the affiliations of each person", async () => {
    await recordOpportunityActivity(db, tenantUuid, new Map(persons.map((person) => [person, NOW - 1])), NOW);
    const plans = await affiliationPlansOf(() => applyPendingOpportunityActivity(db, tenantUuid));
    expect(plans).toEqual(plans.map(() => seeksEachPerson));
  });
});
