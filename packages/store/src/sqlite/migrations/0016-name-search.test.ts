import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { liveRecordsNamed } from "../../repositories/name-search.js";
import { migrations } from "./index.js";

describe("migration 0016-name-search", () => {
  it("indexes the names of the persons and companies already stored, live or deleted", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0016"));
      expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'Ada Lovelace', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at, deleted_at) values ('p2', 't1', 'Ada Byron', 1, 1, 5);
        insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c1', 't1', 'Analytical Engines', 1, 1);`);
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();

      const named = async (entityType: "PERSON" | "COMPANY", word: string) =>
        (await sql<{ uuid: string }>`${liveRecordsNamed("t1", entityType, word, true)}`.execute(db)).rows.map((row) => row.uuid);
      expect(await named("PERSON", "ada")).toEqual(["p1"]);
      expect(await named("COMPANY", "engine")).toEqual(["c1"]);
      const indexed = sqlite.prepare("select entity_type, uuid from name_search_keys order by key").all();
      expect(indexed).toEqual([
        { entity_type: "PERSON", uuid: "p1" },
        { entity_type: "PERSON", uuid: "p2" },
        { entity_type: "COMPANY", uuid: "c1" },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
