/**
 * Migration 0055: the link rows a database written before links checked their sides holds, whose note, task,
 * opportunity, file, person or company is deleted, erased or in another tenant, are removed; live links stay, and
 * the counts kept by triggers follow.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;
let links = 0;

/** Writes a link row from owner to entity (`TYPE:uuid` each) in tenant t1 unless told otherwise, named by `uuid`. */
function link(uuid: string, owner: string, entity: string, tenantUuid = "t1"): void {
  const [ownerType, ownerUuid] = owner.split(":");
  const [entityType, entityUuid] = entity.split(":");
  links += 1;
  sqlite
    .prepare(`insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(uuid, tenantUuid, ownerType, ownerUuid, entityType, entityUuid, [owner, entity].sort().join("|"), links, links);
}

const remaining = () => sqlite.prepare("select uuid from associations order by uuid").pluck().all();
const keptCount = (entityUuid: string) =>
  sqlite.prepare("select links from live_opportunity_links where entity_uuid = ?").pluck().get(entityUuid) ?? 0;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0054-meeting-deletions")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  // Live and deleted records of each kind in t1 (each deleted one as its repository leaves it: soft-deleted rows
  // keep `deleted_at`, a file and an erased person leave no row), and a live note of t2.
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Globex', 'standard', 1);
    insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at, deleted_at) values
      ('p-live', 't1', 'Ada', 1, 1, null), ('p-merged', 't1', 'Bo', 1, 1, 5);
    insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at, deleted_at) values
      ('c-live', 't1', 'Initech', 1, 1, null), ('c-deleted', 't1', 'Hooli', 1, 1, 5);
    insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, stage_entered_at, created_at, updated_at, deleted_at) values
      ('o-live', 't1', 'type', 'stage', 'Live deal', 1, 1, 1, null), ('o-other', 't1', 'type', 'stage', 'Other deal', 1, 1, 1, null),
      ('o-deleted', 't1', 'type', 'stage', 'Gone deal', 1, 1, 1, 5);
    insert into notes (uuid, tenant_uuid, content, created_at, updated_at, deleted_at) values
      ('n-live', 't1', 'kept', 1, 1, null), ('n-deleted', 't1', 'gone', 1, 1, 5), ('n-t2', 't2', 'theirs', 1, 1, null);
    insert into tasks (uuid, tenant_uuid, title, status, scope, created_by_user_uuid, created_at, updated_at, deleted_at) values
      ('k-live', 't1', 'Call', 'OPEN', 'WORKSPACE', null, 1, 1, null), ('k-personal', 't1', 'Mine', 'OPEN', 'PERSONAL', 'u1', 1, 1, null),
      ('k-deleted', 't1', 'Done', 'OPEN', 'WORKSPACE', null, 1, 1, 5);
    insert into files (uuid, tenant_uuid, filename, content_type, size_bytes, sha256, created_at) values
      ('f-live', 't1', 'deck.pdf', 'application/pdf', 1, 'x', 1);`);
  links = 0;
  // Live links, of every kind of side; a PERSONAL task is live, though only its creator sees it.
  for (const [uuid, owner, entity] of [
    ["keep-person", "OPPORTUNITY:o-live", "PERSON:p-live"],
    ["keep-company", "OPPORTUNITY:o-live", "COMPANY:c-live"],
    ["keep-opportunity", "OPPORTUNITY:o-live", "OPPORTUNITY:o-other"],
    ["keep-note", "NOTE:n-live", "OPPORTUNITY:o-live"],
    ["keep-file", "TASK:k-live", "FILE:f-live"],
    ["keep-personal-task", "OPPORTUNITY:o-live", "TASK:k-personal"],
  ] as const) link(uuid, owner, entity);
  // Links to nothing, from either side.
  for (const [uuid, owner, entity] of [
    ["gone-merged-person", "OPPORTUNITY:o-live", "PERSON:p-merged"],
    ["gone-erased-person", "NOTE:n-live", "PERSON:p-erased"],
    ["gone-company", "OPPORTUNITY:o-live", "COMPANY:c-deleted"],
    ["gone-opportunity", "NOTE:n-live", "OPPORTUNITY:o-deleted"],
    ["gone-owner-opportunity", "OPPORTUNITY:o-deleted", "PERSON:p-live"],
    ["gone-note", "OPPORTUNITY:o-live", "NOTE:n-deleted"],
    ["gone-owner-note", "NOTE:n-deleted", "OPPORTUNITY:o-other"],
    ["gone-task", "OPPORTUNITY:o-live", "TASK:k-deleted"],
    ["gone-owner-task", "TASK:k-deleted", "PERSON:p-live"],
    ["gone-file", "OPPORTUNITY:o-live", "FILE:f-deleted"],
  ] as const) link(uuid, owner, entity);
  // A note of another tenant is no record of t1.
  link("gone-other-tenant", "OPPORTUNITY:o-live", "NOTE:n-t2");
});
afterEach(() => sqlite.close());

describe("migration 0055-links-to-gone-records", () => {
  it("removes the links whose other side is deleted, erased, merged away or another tenant's, from either side, and keeps the live ones", async () => {
    expect(remaining()).toHaveLength(17);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(remaining()).toEqual(["keep-company", "keep-file", "keep-note", "keep-opportunity", "keep-person", "keep-personal-task"]);
  });

  it("takes a removed link off the counts kept of live opportunities' links", async () => {
    expect([keptCount("p-merged"), keptCount("c-deleted"), keptCount("p-live")]).toEqual([1, 1, 1]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect([keptCount("p-merged"), keptCount("c-deleted"), keptCount("p-live")]).toEqual([0, 0, 1]);
  });
});
