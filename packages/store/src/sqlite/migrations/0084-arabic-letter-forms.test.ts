/**
 * Migration 0084: names in Arabic script keyed and indexed before it (Persian "ی" and "ک" apart from Arabic "ي" and
 * "ك") are found, sorted and matched after it whichever keyboard typed them; a deleted tenant's rows are left.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { INDEX_FOLD_NAME_FUNCTION, registerFoldName } from "../../repositories/fold-name.js";
import { applyPendingNameSearch } from "../../repositories/name-search-notes.js";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";
import { useOnlyScaleLStatistics } from "../../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../../testing/sqlite-plans.js";
import { arabicLetterFormsMigration } from "./0084-arabic-letter-forms.js";
import { migrations } from "./index.js";

describe("migration 0084-arabic-letter-forms", () => {
  it("keys and indexes again the Arabic-script names written before it, so that each keyboard's letters find the other's", async () => {
    const { sqlite, db, migrate, named, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0083-address-forms-and-list-name-keys");
      // Keyed and indexed as the release before did: Arabic's letter forms as written (here its names have no harakat).
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Bank', 'standard', 1), ('t2', 'Gone', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, name_sort_key, created_at, service_updated_at) values
          ('p1', 't1', 'علی کریمی', 'علی کریمی', 1, 1), ('p2', 't1', 'Anna Smith', 'anna smith', 1, 1), ('p3', 't2', 'علی', 'علی', 1, 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at)
          values ('c1', 't1', 'بانک ملی ۱۴۰۲', 'بانک ملی ۱۴۰۲', 'بانک ملی ۱۴۰۲', 1, 1);
        insert into entity_lists (uuid, tenant_uuid, name, name_sort_key, kind, created_at, updated_at) values ('l1', 't1', 'مشتریان ویژه', 'مشتریان ویژه', 'PERSON', 1, 1);
        update tenants set deleted_at = 2 where uuid = 't2';`);
      sqlite.function(INDEX_FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text));
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "كريمي")).toEqual([]);
      const changes = sqlite.prepare("select count(*) as count from person_changes").get();

      registerFoldName(sqlite);
      await migrate("0084-arabic-letter-forms");
      expect(column("persons", "name_sort_key")).toEqual([
        { uuid: "p1", key: nameSortKey("علي كريمي") },
        { uuid: "p2", key: "anna smith" },
        { uuid: "p3", key: "علی" },
      ]);
      expect(column("companies", "name_match_key")).toEqual([{ uuid: "c1", key: companyNameKey("بانك ملي 1402") }]);
      expect(column("companies", "company_name_sort_key")).toEqual([{ uuid: "c1", key: nameSortKey("بانك ملي 1402") }]);
      expect(column("entity_lists", "name_sort_key")).toEqual([{ uuid: "l1", key: nameSortKey("مشتريان ويژه") }]);
      expect(sqlite.prepare("select count(*) as count from person_changes").get()).toEqual(changes);
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "كريمي")).toEqual(["p1"]);
      expect(await named("PERSON", "علي")).toEqual(["p1"]);
      expect(await named("COMPANY", "بانك")).toEqual(["c1"]);
    } finally {
      await db.destroy();
    }
  });

  it("reads each table once, by rowid ranges, under statistics like scale L's", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      const statements = await preparedDuring(() => arabicLetterFormsMigration.up(db as Kysely<unknown>));
      useOnlyScaleLStatistics(sqlite, ["persons", "companies", "opportunities", "name_search_pending"]);
      const reads = statements.filter((source) => /^select r\.rowid/.test(source));
      expect(reads).toHaveLength(5);
      for (const source of reads) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, source).toMatch(/^SEARCH r USING INTEGER PRIMARY KEY \(rowid>\?\)/);
      }
      for (const source of statements.filter((statement) => statement.startsWith("insert into name_search_pending"))) {
        expect(planOf(sqlite, source), source).toMatch(/^SCAN r(;|$)/);
      }
    } finally {
      await db.destroy();
    }
  });
});
