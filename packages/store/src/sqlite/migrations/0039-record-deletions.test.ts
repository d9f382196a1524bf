import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

interface LogRow {
  tenant_uuid: string;
  entity_type: string;
  uuid: string;
  deleted_at: number;
  merged_into_uuid: string | null;
  visible_to_user_uuid: string | null;
}
const log = () =>
  sqlite.prepare("select tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid from record_deletions order by sequence").all() as LogRow[];

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0038-persons-by-merge-target")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  // Records deleted before the log existed, in two tenants, one of them deleted since.
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Gone', 'standard', 1);
    insert into notes (uuid, tenant_uuid, content, created_at, updated_at, deleted_at) values
      ('n-live', 't1', 'x', 1, 1, null), ('n-late', 't1', 'x', 1, 1, 30), ('n-early', 't1', 'x', 1, 1, 10), ('n-gone-tenant', 't2', 'x', 1, 1, 10);
    insert into tasks (uuid, tenant_uuid, title, status, scope, created_by_user_uuid, created_at, updated_at, deleted_at) values
      ('t-personal', 't1', 'x', 'OPEN', 'PERSONAL', 'u1', 1, 1, 20), ('t-live', 't1', 'x', 'OPEN', 'WORKSPACE', 'u1', 1, 1, null);
    insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at, deleted_at, merged_into_uuid) values
      ('p-kept', 't1', 'Kept', 1, 1, null, null), ('p-merged', 't1', 'Merged', 1, 1, 20, 'p-kept');
    insert into files (uuid, tenant_uuid, filename, content_type, size_bytes, sha256, created_at) values ('f-t2', 't2', 'a', 'b', 1, 'c', 1);
    insert into notes (uuid, tenant_uuid, content, created_at, updated_at) values ('n-t2-live', 't2', 'x', 1, 1);
    update tenants set deleted_at = 5 where uuid = 't2';`);
});
afterEach(() => sqlite.close());

describe("migration 0039-record-deletions", () => {
  it("logs the records a live tenant soft-deleted before it, by deletion time, with a PERSONAL task's creator and a merge's survivor", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(log()).toEqual([
      { tenant_uuid: "t1", entity_type: "NOTE", uuid: "n-early", deleted_at: 10, merged_into_uuid: null, visible_to_user_uuid: null },
      { tenant_uuid: "t1", entity_type: "PERSON", uuid: "p-merged", deleted_at: 20, merged_into_uuid: "p-kept", visible_to_user_uuid: null },
      { tenant_uuid: "t1", entity_type: "TASK", uuid: "t-personal", deleted_at: 20, merged_into_uuid: null, visible_to_user_uuid: "u1" },
      { tenant_uuid: "t1", entity_type: "NOTE", uuid: "n-late", deleted_at: 30, merged_into_uuid: null, visible_to_user_uuid: null },
    ]);
  });

  it("logs a live record deleted outright by a statement, and a soft-deleted one it removes later only once", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const before = log().length;
    sqlite.exec("delete from tasks where uuid in ('t-live', 't-personal'); delete from notes where uuid = 'n-late'");
    expect(log().slice(before)).toEqual([expect.objectContaining({ entity_type: "TASK", uuid: "t-live", visible_to_user_uuid: null })]);
    expect(log().slice(before)[0]!.deleted_at).toBeGreaterThan(Date.UTC(2026, 0, 1));
  });

  it("logs nothing while a deleted tenant's rows are purged", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("delete from files where tenant_uuid = 't2'; delete from notes where tenant_uuid = 't2'");
    expect(sqlite.prepare("select count(*) from notes where tenant_uuid = 't2'").pluck().get()).toBe(0);
    expect(log().filter((row) => row.tenant_uuid === "t2")).toEqual([]);
  });
});
