/**
 * Every statement a person's erasure prepares (a contact's, and a former employee's with their account), planned
 * under statistics like benchmark scale L's (a thousand rows guessed per tenant; tables without such figures as
 * SQLite guesses without statistics): each finds the erased persons' rows by their uuids, and none walks the rows of
 * the tenant or of the file but the searches that have no key to seek by, the pending activity times it reads whole
 * on purpose, and the three named below.
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

const NOW = Date.UTC(2026, 10, 21);
const folder = mkdtempSync(join(tmpdir(), "rapport-erase-person-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The statements that read a whole table or tenant on purpose, searching text that no index serves: the tenant's
 * import jobs for quotes of the person (a tenant has few jobs), the sampled statistics for their values, the OAuth
 * state for an erased user's account (rows that expire), and the schema for the statistics table.
 */
const SEARCHES_WITHOUT_KEY = [
  /from import_jobs where tenant_uuid = \? and exists \(select 1 from json_each/,
  /^delete from sqlite_stat4 /,
  /^delete from oauth_models where instr\(payload, \?\) > 0$/,
  /from sqlite_master /,
];

/** Tables whose key is the tenant alone (one row a tenant, e.g. its erasure secret): a seek of it walks nothing. */
const ONE_ROW_PER_TENANT = [/from "erasure_secrets" where "tenant_uuid" = \?$/, /^delete from write_stamps where tenant_uuid = \?$/];

/**
 * SQLite's foreign key check of each deleted person looks for affiliations by `person_uuid` alone, which leads no
 * index: it seeks once per tenant of the file. Left so: an index for it would be written by every affiliation, for a
 * check only an erasure makes (persons are otherwise deleted softly).
 */
const PERSONS_FOREIGN_KEY_CHECK = {
  source: 'delete from "persons" where "tenant_uuid" = ? and "uuid" in (?, ?)',
  walks: ["SEARCH affiliations USING COVERING INDEX affiliations_tenant_person (ANY(tenant_uuid) AND person_uuid=?)"],
};
/** The same, for a person with no one merged into them. */
const PERSONS_FOREIGN_KEY_CHECK_OF_ONE = { ...PERSONS_FOREIGN_KEY_CHECK, source: 'delete from "persons" where "tenant_uuid" = ? and "uuid" in (?)' };

/** API keys are indexed by their hash alone: a deployment's keys are few, and `apiKeys.list` reads them as this does. */
const ERASED_USERS_KEYS = {
  source: 'update "api_keys" set "label" = ?, "revoked_at" = coalesce(revoked_at, ?) where "tenant_uuid" = ? and "user_uuid" = ?',
  walks: ["SCAN api_keys"],
};

/**
 * The graph changes log keeps at most `GRAPH_CHANGES_KEPT` (100,000) entries a tenant: an erasure reads them once for
 * the persons' affiliation and merge entries (milliseconds), where an index of subjects would be written with every
 * email and meeting the tenant stores.
 */
const GRAPH_CHANGES_OF_TWO = {
  source: "delete from graph_changes where tenant_uuid = ? and kind in ('affiliation', 'merge') and (subject_uuid in (?, ?) or merged_into_uuid in (?, ?))",
  walks: ["SEARCH graph_changes USING PRIMARY KEY (tenant_uuid=?)"],
};
const GRAPH_CHANGES_OF_ONE = { ...GRAPH_CHANGES_OF_TWO, source: "delete from graph_changes where tenant_uuid = ? and kind in ('affiliation', 'merge') and (subject_uuid in (?) or merged_into_uuid in (?))" };

/**
 * The answers kept for writes sent with an Idempotency-Key are a day's keyed writes of the tenant: an erasure reads
 * them all once for the persons' values (migration 0069), and once more, a page at a time from the first, for their
 * addresses (later pages seek past the last key read).
 */
const KEPT_ANSWERS = {
  source: "delete from idempotent_requests where tenant_uuid = ? and response is not null and exists (select 1 from json_each(?) as erased where instr(response, erased.value) > 0)",
  walks: ["SEARCH idempotent_requests USING INDEX sqlite_autoindex_idempotent_requests_1 (tenant_uuid=?)"],
};
const KEPT_ANSWERS_FIRST_PAGE = {
  source: "select caller, idempotency_key, response from idempotent_requests where tenant_uuid = ? and response is not null order by caller, idempotency_key limit ?",
  walks: KEPT_ANSWERS.walks,
};

/**
 * Applying the tenant's pending activity times (`applyPendingOpportunityActivity`) reads and clears all of them on
 * purpose: they are the persons whose emails and meetings were stored since the last read of opportunities.
 */
const PENDING_ACTIVITY = [
  'select "person_uuid" from "opportunity_activity_pending" where "tenant_uuid" = ? limit ?',
  'select "person_uuid", "at" from "opportunity_activity_pending" where "tenant_uuid" = ?',
  'delete from "opportunity_activity_pending" where "tenant_uuid" = ?',
];

/**
 * A plan's steps that walk a tenant (`tenantWalksIn`) or scan a whole table of the file. A scan of a subquery reads
 * the rows the statement's own searches found (the emails relisted, counted then numbered), not a table.
 */
function walksIn(plan: string): string[] {
  return [
    ...tenantWalksIn(plan),
    ...plan.split("; ").filter((step) => /^SCAN (?!.*VIRTUAL TABLE)/.test(step) && !/^SCAN (CONSTANT ROW|json_each|\(subquery-\d+\))/.test(step)),
  ];
}

describe("persons.erase, under statistics like scale L's", () => {
  it("finds every row it reads, deletes or rewrites by a key", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenant = await buildDataSubjectTenant(store, NOW);
      await store.nameSearch.catchUp(tenant.tenantUuid);
      // A contact, then a former employee (a deactivated user's person, whose account is erased too).
      await store.users.deactivate(tenant.tenantUuid, tenant.ada.uuid);
      statements = await preparedDuring(async () => {
        expect(await store.persons.erase(tenant.tenantUuid, tenant.zelda.uuid)).toBe(true);
        expect(await store.persons.erase(tenant.tenantUuid, tenant.ada.person_uuid)).toBe(true);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useOnlyScaleLStatistics(sqlite, SCALE_L_TABLES);
      expect(statements.length).toBeGreaterThan(30);
      const walking = statements
        .map((source) => source.replace(/\s+/g, " ").trim())
        .filter((source) => ![...SEARCHES_WITHOUT_KEY, ...ONE_ROW_PER_TENANT].some((search) => search.test(source)) && !PENDING_ACTIVITY.includes(source))
        .map((source) => ({ source: source.slice(0, 200), walks: walksIn(planOf(sqlite, source)) }))
        .filter((statement) => statement.walks.length > 0);
      expect(walking).toEqual([
        PERSONS_FOREIGN_KEY_CHECK,
        GRAPH_CHANGES_OF_TWO,
        KEPT_ANSWERS,
        KEPT_ANSWERS_FIRST_PAGE,
        PERSONS_FOREIGN_KEY_CHECK_OF_ONE,
        GRAPH_CHANGES_OF_ONE,
        KEPT_ANSWERS,
        KEPT_ANSWERS_FIRST_PAGE,
        ERASED_USERS_KEYS,
      ]);
    } finally {
      sqlite.close();
    }
  });
});
