import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { createNameSearchIndex } from "../../repositories/name-search-notes.js";
import { migrations } from "./index.js";
import { registerFoldName } from "../../repositories/fold-name.js";

describe("migration 0019-opportunity-link-notes", () => {
  it("notes a link change as the opportunity's links: its document is rewritten, its name entry kept", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    registerFoldName(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      // The rows a store would have written, without their types and stages.
      sqlite.pragma("foreign_keys = off");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'Ada Lovelace', 1, 1);
        insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, stage_entered_at, created_at, updated_at)
          values ('o1', 't1', 'type', 'stage', 'Series A', 1, 1, 1);`);
      const nameSearch = createNameSearchIndex(db);
      await nameSearch.catchUp("t1");
      const nameKey = () => sqlite.prepare("select key from name_search_keys where entity_type = 'OPPORTUNITY' and uuid = 'o1'").pluck().get();
      const keyBefore = nameKey();

      sqlite.exec(`insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at)
        values ('a1', 't1', 'OPPORTUNITY', 'o1', 'PERSON', 'p1', 'k1', 1, 1)`);
      expect(sqlite.prepare("select entity_type, uuid from name_search_pending").all()).toEqual([{ entity_type: "OPPORTUNITY_LINKS", uuid: "o1" }]);
      expect(await nameSearch.catchUp("t1")).toBe(1);
      expect(sqlite.prepare("select document from opportunity_search_documents where opportunity_uuid = 'o1'").pluck().get()).toBe("Series A\nAda Lovelace");
      expect(nameKey()).toBe(keyBefore);

      sqlite.exec("delete from associations where uuid = 'a1'");
      expect(await nameSearch.catchUp("t1")).toBe(1);
      expect(sqlite.prepare("select document from opportunity_search_documents where opportunity_uuid = 'o1'").pluck().get()).toBe("Series A");
    } finally {
      await db.destroy();
    }
  });
});
