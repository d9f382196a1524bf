import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

const log = () =>
  sqlite.prepare("select tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid from record_deletions order by sequence").all();

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0052-sign-in-failures")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  // Meetings deleted before the log took them (one created cancelled, which the activity feed never listed), a
  // note already in the log, and a deleted tenant's meeting.
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Gone', 'standard', 1);
    insert into notes (uuid, tenant_uuid, content, created_at, updated_at) values ('n-gone', 't1', 'x', 1, 1);
    update notes set deleted_at = 50 where uuid = 'n-gone';
    insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at, deleted_at) values
      ('m-live', 't1', 'A', 5, 'confirmed', 1, 1, null),
      ('m-late', 't1', 'B', 5, 'confirmed', 1, 30, 30),
      ('m-cancelled', 't1', 'C', 5, 'cancelled', 1, 10, 10),
      ('m-gone-tenant', 't2', 'D', 5, 'confirmed', 1, 10, 10),
      ('m-t2-live', 't2', 'E', 5, 'confirmed', 1, 1, null);
    update tenants set deleted_at = 5 where uuid = 't2';`);
});
afterEach(() => sqlite.close());

const entry = (uuid: string, deletedAt: number, tenantUuid = "t1") => ({
  tenant_uuid: tenantUuid,
  entity_type: "MEETING",
  uuid,
  deleted_at: deletedAt,
  merged_into_uuid: null,
  visible_to_user_uuid: null,
});

describe("migration 0054-meeting-deletions", () => {
  it("logs the meetings a live tenant deleted before it, by deletion time, after the entries already there", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(log()).toEqual([expect.objectContaining({ entity_type: "NOTE", uuid: "n-gone" }), entry("m-cancelled", 10), entry("m-late", 30)]);
  });

  it("logs a meeting deleted later at its deleted_at, once, and one deleted outright by the database's clock", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values ('m-other', 't1', 'F', 5, 'confirmed', 1, 1)");
    const before = log().length;
    sqlite.exec("update meetings set deleted_at = 70, updated_at = 70 where uuid = 'm-live'");
    // Written again once deleted (an erasure dropping its organizer), and removed for good: no second entry.
    sqlite.exec("update meetings set deleted_at = 80 where uuid = 'm-live'; delete from meetings where uuid in ('m-live', 'm-late')");
    sqlite.exec("delete from meetings where uuid = 'm-other'");
    const added = log().slice(before) as Array<{ uuid: string; deleted_at: number }>;
    expect(added.map((row) => row.uuid)).toEqual(["m-live", "m-other"]);
    expect(added[0]).toEqual(entry("m-live", 70));
    expect(added[1]!.deleted_at).toBeGreaterThan(Date.UTC(2026, 0, 1));
  });

  it("logs nothing while a deleted tenant's meetings are purged", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("delete from meetings where tenant_uuid = 't2'");
    expect(sqlite.prepare("select count(*) from meetings where tenant_uuid = 't2'").pluck().get()).toBe(0);
    expect(log().filter((row) => (row as { tenant_uuid: string }).tenant_uuid === "t2")).toEqual([]);
  });
});
