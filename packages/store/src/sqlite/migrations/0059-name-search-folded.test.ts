/**
 * Migration 0059: names indexed before it, as written, are noted again, and once a search applies the notes the
 * index finds them by their folded words ("jose" for "José"); another tenant's records stay out of the search.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { registerFoldName } from "../../repositories/fold-name.js";
import { applyPendingNameSearch } from "../../repositories/name-search-notes.js";
import { liveRecordsNamed, nameContainsFolded, type NamedEntityType } from "../../repositories/name-search.js";
import { migrations } from "./index.js";

const migratedUpTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

describe("migration 0059-name-search-folded", () => {
  it("indexes the names indexed as written again, folded, for the next search", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    registerFoldName(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrate = async (last: string) =>
      expect((await new Migrator({ db, provider: { getMigrations: async () => migratedUpTo(last) } }).migrateToLatest()).error).toBeUndefined();
    try {
      // Written before migration 0016, which indexed the names as they stood.
      await migrate("0015-opportunity-live-totals");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Other', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'José Müller', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p2', 't1', 'Łukasz O''Brien', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p3', 't2', 'José Müller', 1, 1);
        insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c1', 't1', 'Société Générale', 1, 1);`);
      await migrate("0057-message-id-forms-merged");
      const named = async (entityType: NamedEntityType, word: string) =>
        (await sql<{ uuid: string }>`${liveRecordsNamed("t1", entityType, word, true, nameContainsFolded)}`.execute(db)).rows.map((row) => row.uuid);
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "jose")).toEqual([]);

      await migrate("0059-name-search-folded");
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "jose")).toEqual(["p1"]);
      expect(await named("PERSON", "muller")).toEqual(["p1"]);
      expect(await named("PERSON", "LUKASZ")).toEqual(["p2"]);
      expect(await named("PERSON", "obrien")).toEqual(["p2"]);
      expect(await named("COMPANY", "societe")).toEqual(["c1"]);
      expect(await named("PERSON", "José")).toEqual(["p1"]);
    } finally {
      await db.destroy();
    }
  });
});
