import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { registerFoldName } from "../../repositories/fold-name.js";
import { applyPendingNameSearch } from "../../repositories/name-search-notes.js";
import { liveRecordsNamed } from "../../repositories/name-search.js";
import { migrations } from "./index.js";

describe("migration 0017-name-search-queue", () => {
  it("keeps the names indexed so far under their keys, and notes later writes for the next search", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    registerFoldName(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const upTo0016 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= "0016-name-search"));
      expect((await new Migrator({ db, provider: { getMigrations: async () => upTo0016 } }).migrateToLatest()).error).toBeUndefined();
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'Ada Lovelace', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p2', 't1', 'Grace Hopper', 1, 1);`);
      const keysBefore = sqlite.prepare("select key, entity_type, uuid from name_search_keys order by key").all();
      // Without migrations 0059 and 0065, which note every record again (and 0070, whose index is on 0065's column).
      const noting = ["0059-name-search-folded", "0065-unicode-name-keys", "0070-company-merges"];
      const withoutNoting = Object.fromEntries(Object.entries(migrations).filter(([name]) => !noting.includes(name)));
      expect((await new Migrator({ db, provider: { getMigrations: async () => withoutNoting } }).migrateToLatest()).error).toBeUndefined();
      expect(sqlite.prepare("select key, entity_type, uuid from name_search_keys order by key").all()).toEqual(keysBefore);

      const named = async (word: string) => (await sql<{ uuid: string }>`${liveRecordsNamed("t1", "PERSON", word, true)}`.execute(db)).rows.map((row) => row.uuid);
      expect(await named("lovelace")).toEqual(["p1"]);
      // A rename is only noted by the write...
      sqlite.exec("update persons set name = 'Ada King' where uuid = 'p1'");
      expect(sqlite.prepare("select entity_type, uuid from name_search_pending").all()).toEqual([
        { entity_type: "PERSON", uuid: "p1" },
        { entity_type: "PERSON", uuid: "p1" },
      ]);
      // ...and indexed when a search applies the notes, under a key after every earlier one.
      await applyPendingNameSearch(db, "t1");
      expect(await named("king")).toEqual(["p1"]);
      expect(await named("lovelace")).toEqual([]);
      const keys = sqlite.prepare("select key from name_search_keys order by key").pluck().all() as number[];
      expect(keys[keys.length - 1]).toBeGreaterThan(Math.max(...keysBefore.map((row) => (row as { key: number }).key)));
    } finally {
      await db.destroy();
    }
  });
});
