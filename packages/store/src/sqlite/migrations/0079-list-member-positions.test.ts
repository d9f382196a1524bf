/** Migration 0079: the members a list held take positions in their old order (`added_at`, then uuid), list by list. */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

it("numbers each list's members in their old order, from 1, and leaves a deleted tenant's alone", async () => {
  const sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0074-persons-by-primary-company")).error).toBeUndefined();
    sqlite.exec(`insert into tenants (uuid, name, tier, created_at, deleted_at) values ('t1', 'Acme', 'standard', 1, null), ('t2', 'Gone', 'standard', 1, null);
      insert into entity_lists (uuid, tenant_uuid, name, kind, created_at, updated_at) values
        ('l1', 't1', 'A', 'persons', 1, 1), ('l2', 't1', 'B', 'persons', 1, 1), ('l3', 't2', 'C', 'persons', 1, 1);
      insert into entity_list_members (tenant_uuid, list_uuid, entity_uuid, added_at) values
        ('t1', 'l1', 'p-c', 5), ('t1', 'l1', 'p-b', 2), ('t1', 'l1', 'p-a', 5), ('t1', 'l2', 'p-z', 1), ('t2', 'l3', 'p-x', 1);
      update tenants set deleted_at = 9 where uuid = 't2';`);
    expect((await migrator.migrateTo("0079-list-member-positions")).error).toBeUndefined();
    const rows = sqlite.prepare("select list_uuid, entity_uuid, position from entity_list_members order by list_uuid, position, entity_uuid").raw().all();
    expect(rows).toEqual([
      ["l1", "p-b", 1],
      ["l1", "p-a", 2],
      ["l1", "p-c", 3],
      ["l2", "p-z", 1],
      ["l3", "p-x", 0],
    ]);
  } finally {
    await db.destroy();
  }
});
