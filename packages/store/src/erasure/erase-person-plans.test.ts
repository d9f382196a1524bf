/**
 * Every statement a person's erasure prepares, planned under statistics like benchmark scale L's (a thousand rows
 * guessed per tenant; tables without such figures as SQLite guesses without statistics): each finds the erased
 * persons' rows by their uuids, none walks the rows of the tenant or of the file, but for the searches that have no
 * key to seek by.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { buildDataSubjectTenant } from "../testing/data-subject-tenant.js";
import { SCALE_L_TABLES, useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 10, 21);
const folder = mkdtempSync(join(tmpdir(), "rapport-erase-person-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The statements that read a whole table or tenant on purpose: the tenant's import jobs searched for quotes of the
 * person (text, which no index serves; a tenant has few jobs), the sampled statistics searched for their values,
 * and the schema looked up for the statistics table.
 */
const SEARCHES_WITHOUT_KEY = [/from import_jobs where tenant_uuid = \? and exists \(select 1 from json_each/, /^delete from sqlite_stat4 /, /from sqlite_master /];

/**
 * SQLite's foreign key check of each deleted person looks for affiliations by `person_uuid` alone, which leads no
 * index: it seeks once per tenant of the file. Left so: an index for it would be written by every affiliation, for a
 * check only an erasure makes (persons are otherwise deleted softly).
 */
const PERSONS_FOREIGN_KEY_CHECK = {
  source: 'delete from "persons" where "tenant_uuid" = ? and "uuid" in (?, ?)',
  walks: ["SEARCH affiliations USING COVERING INDEX affiliations_tenant_person (ANY(tenant_uuid) AND person_uuid=?)"],
};

/** A plan's steps that walk a tenant (`tenantWalksIn`) or scan a whole table of the file. */
function walksIn(plan: string): string[] {
  return [...tenantWalksIn(plan), ...plan.split("; ").filter((step) => /^SCAN (?!.*VIRTUAL TABLE)/.test(step) && !/^SCAN (CONSTANT ROW|json_each)/.test(step))];
}

describe("persons.erase, under statistics like scale L's", () => {
  it("finds every row it reads, deletes or rewrites by a key", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenant = await buildDataSubjectTenant(store, NOW);
      await store.nameSearch.catchUp(tenant.tenantUuid);
      statements = await preparedDuring(async () => expect(await store.persons.erase(tenant.tenantUuid, tenant.zelda.uuid)).toBe(true));
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, SCALE_L_TABLES);
      // The fixture's few rows would make a scan look cheapest: the other tables are planned without statistics.
      sqlite.prepare(`delete from sqlite_stat1 where tbl not in (${SCALE_L_TABLES.map(() => "?").join(", ")})`).run(...SCALE_L_TABLES);
      sqlite.exec("analyze sqlite_schema");
      expect(statements.length).toBeGreaterThan(30);
      const walking = statements
        .map((source) => source.replace(/\s+/g, " ").trim())
        .filter((source) => !SEARCHES_WITHOUT_KEY.some((search) => search.test(source)))
        .map((source) => ({ source: source.slice(0, 200), walks: walksIn(planOf(sqlite, source)) }))
        .filter((statement) => statement.walks.length > 0);
      expect(walking).toEqual([PERSONS_FOREIGN_KEY_CHECK]);
    } finally {
      sqlite.close();
    }
  });
});
