import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

interface FeedRow {
  sequence: number;
  kind: string;
  item_uuid: string;
  ever_listed: number;
}
const feed = () => sqlite.prepare("select sequence, kind, item_uuid, ever_listed from activity_feed order by sequence").all() as FeedRow[];
const entryOf = (itemUuid: string) => feed().find((row) => row.item_uuid === itemUuid);
const newest = () => sqlite.prepare("select max(sequence) from activity_feed").pluck().get() as number;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0032-activity-feed")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  // Written under 0032: its triggers number them. `m-counted` counts for ada; `m-cancelled` for nobody.
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
    insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ada', 10);
    insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values
      ('m-counted', 't1', 'Kickoff', 5, 'confirmed', 20, 20), ('m-cancelled', 't1', 'Lunch', 5, 'cancelled', 30, 30);
    insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values
      ('t1', 'm-counted', 'ada', 'accepted'), ('t1', 'm-cancelled', 'ada', 'accepted');`);
});
afterEach(() => sqlite.close());

describe("migration 0033-activity-feed-removals", () => {
  it("keeps every existing entry at its sequence and flags those some timeline lists now", async () => {
    const before = sqlite.prepare("select sequence, kind, item_uuid from activity_feed order by sequence").all() as Array<Omit<FeedRow, "ever_listed">>;
    expect(before.map((row) => row.item_uuid)).toEqual(["e1", "m-counted", "m-cancelled"]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(feed()).toEqual(before.map((row) => ({ ...row, ever_listed: row.item_uuid === "m-cancelled" ? 0 : 1 })));
  });

  it("replaces the triggers: a listed meeting written again keeps its flag at a new sequence, a deleted row leaves a removed entry", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("update meetings set status = 'cancelled', updated_at = 40 where uuid = 'm-counted'");
    expect(entryOf("m-counted")).toEqual({ sequence: newest(), kind: "meeting", item_uuid: "m-counted", ever_listed: 1 });
    sqlite.exec("update meetings set title = 'Still cancelled', updated_at = 50 where uuid = 'm-cancelled'");
    expect(entryOf("m-cancelled")).toMatchObject({ sequence: newest(), ever_listed: 0 });
    sqlite.exec("update meetings set status = 'confirmed', updated_at = 60 where uuid = 'm-cancelled'");
    expect(entryOf("m-cancelled")).toMatchObject({ sequence: newest(), ever_listed: 1 });
    sqlite.exec("update meetings set status = 'cancelled', updated_at = 60 where uuid = 'm-cancelled'");
    expect(entryOf("m-cancelled")).toMatchObject({ sequence: newest(), ever_listed: 1 });

    const lastBeforeDelete = newest();
    sqlite.exec("delete from emails where uuid = 'e1'");
    expect(entryOf("e1")).toEqual({ sequence: lastBeforeDelete + 1, kind: "email", item_uuid: "e1", ever_listed: 1 });
    const recordedAt = sqlite.prepare("select recorded_at from activity_feed where item_uuid = 'e1'").pluck().get() as number;
    expect(Math.abs(recordedAt - Date.now())).toBeLessThan(60_000);
    sqlite.exec("delete from meeting_attendees where meeting_uuid = 'm-counted'; delete from meetings where uuid = 'm-counted'");
    expect(entryOf("m-counted")).toMatchObject({ sequence: newest(), ever_listed: 1 });
    expect(feed()).toHaveLength(3);
  });

  it("flags a meeting when an attendee starts counting it, added or answering", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec(`insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values ('m-new', 't1', 'Call', 5, 'confirmed', 70, 70);
      insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values ('t1', 'm-new', 'bob', 'declined');`);
    expect(entryOf("m-new")).toMatchObject({ ever_listed: 0 });
    sqlite.exec("update meeting_attendees set response = 'accepted' where meeting_uuid = 'm-new'");
    expect(entryOf("m-new")).toMatchObject({ ever_listed: 1 });
    sqlite.exec(`insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values ('m-with-ada', 't1', 'Sync', 5, 'confirmed', 80, 80);
      insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values ('t1', 'm-with-ada', 'ada', 'accepted');`);
    expect(entryOf("m-with-ada")).toMatchObject({ ever_listed: 1 });
  });

  it("announces nothing while a deleted tenant's rows are purged", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec(`update tenants set deleted_at = 90 where uuid = 't1';
      delete from emails where tenant_uuid = 't1';
      delete from meeting_attendees where tenant_uuid = 't1';
      delete from meetings where tenant_uuid = 't1';`);
    expect(feed()).toEqual([]);
  });
});
