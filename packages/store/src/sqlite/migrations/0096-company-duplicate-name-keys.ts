/**
 * Migration 0096: each company's `name_duplicate_key` (`companyDuplicateNameKey` of its name: without its legal form,
 * punctuation and case), written by the store with every name and computed here for the rows already there (no change
 * time moves: `writeKeysAside`), with an index led by the tenant: the duplicates list reads the keys two companies
 * share from the index alone, at any tenant size (a live-row index is not read alone: SQLite looks up every row for
 * its `deleted_at`), and then looks up only those companies, the merged-away ones among them left out. Partial (keys
 * that are there), so that only a query asking for keys reads it: a whole-table one, the planner took it for the
 * company list in name order under scale-L statistics, and sorted the tenant's companies.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { companyDuplicateNameKey } from "../../repositories/company-duplicate-name-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

export const companyDuplicateNameKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table companies add column name_duplicate_key text`.execute(db);
    await writeKeysAside(db, "companies", [{ source: "company_name", key: "name_duplicate_key", keyOf: companyDuplicateNameKey }]);
    await sql`create index companies_by_duplicate_name_key on companies (tenant_uuid, name_duplicate_key) where name_duplicate_key is not null`.execute(db);
  },
};
