import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { createNameSearchIndex } from "../../repositories/name-search-notes.js";
import { migrations } from "./index.js";
import { registerFoldName } from "../../repositories/fold-name.js";

describe("migration 0018-opportunity-search-documents", () => {
  it("notes every live opportunity, so the first catch-up writes the documents, and notes later link changes", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    registerFoldName(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrateUpTo = async (last: string) => {
      const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
      expect((await new Migrator({ db, provider: { getMigrations: async () => chosen } }).migrateToLatest()).error).toBeUndefined();
    };
    try {
      await migrateUpTo("0017-name-search-queue");
      // The rows a store would have written, without their types and stages.
      sqlite.pragma("foreign_keys = off");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'Ada Lovelace', 1, 1);
        insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c1', 't1', 'Globex', 1, 1);
        insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, stage_entered_at, created_at, updated_at)
          values ('o1', 't1', 'type', 'stage', 'Series A', 1, 1, 1), ('o2', 't1', 'type', 'stage', 'Gone', 1, 1, 1);
        update opportunities set deleted_at = 2 where uuid = 'o2';
        insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at)
          values ('a1', 't1', 'OPPORTUNITY', 'o1', 'PERSON', 'p1', 'k1', 1, 1);`);
      // As a 0017 database stands once its searches have applied the notes.
      sqlite.exec("delete from name_search_pending");
      await migrateUpTo("0018-opportunity-search-documents");
      const nameSearch = createNameSearchIndex(db);
      const documents = () => sqlite.prepare("select opportunity_uuid, document from opportunity_search_documents").all();
      expect(documents()).toEqual([]);
      expect(await nameSearch.catchUp("t1")).toBe(1);
      expect(documents()).toEqual([{ opportunity_uuid: "o1", document: "Series A\nAda Lovelace" }]);

      sqlite.exec(`insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at)
        values ('a2', 't1', 'OPPORTUNITY', 'o1', 'COMPANY', 'c1', 'k2', 1, 1)`);
      expect(await nameSearch.catchUp("t1")).toBe(1);
      expect(documents()).toEqual([{ opportunity_uuid: "o1", document: "Series A\nAda Lovelace\nGlobex" }]);
    } finally {
      await db.destroy();
    }
  });
});
