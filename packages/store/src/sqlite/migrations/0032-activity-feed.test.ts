import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0030-opportunities-by-intro-person")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
    insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values
      ('e-late', 't1', 'm1', 1, 'ada', 30), ('e-early', 't1', 'm2', 900, 'ada', 10);
    insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values
      ('m-rewritten', 't1', 'Kickoff', 5, 'confirmed', 5, 20);`);
});
afterEach(() => sqlite.close());

interface FeedRow {
  kind: string;
  item_uuid: string;
  recorded_at: number;
}
const feed = () => sqlite.prepare("select kind, item_uuid, recorded_at from activity_feed order by sequence").all() as FeedRow[];

describe("migration 0032-activity-feed", () => {
  it("numbers existing emails and meetings by when they were recorded (a meeting: last written)", async () => {
    expect((await migrator.migrateTo("0032-activity-feed")).error).toBeUndefined();
    expect(feed()).toEqual([
      { kind: "email", item_uuid: "e-early", recorded_at: 10 },
      { kind: "meeting", item_uuid: "m-rewritten", recorded_at: 20 },
      { kind: "email", item_uuid: "e-late", recorded_at: 30 },
    ]);
  });

  it("keeps the feed as rows come, change and go, never reusing a sequence", async () => {
    expect((await migrator.migrateTo("0032-activity-feed")).error).toBeUndefined();
    const newest = () => sqlite.prepare("select max(sequence) from activity_feed").pluck().get() as number;
    sqlite.exec("delete from emails where uuid = 'e-late'");
    const afterDelete = newest();
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e-new', 't1', 'm3', 1, 'ada', 40)");
    expect(sqlite.prepare("select sequence from activity_feed where item_uuid = 'e-new'").pluck().get()).toBeGreaterThan(afterDelete + 1);
    sqlite.exec("update meetings set title = 'Renamed' where uuid = 'm-rewritten'");
    expect(feed().map((row) => row.item_uuid)).toEqual(["e-early", "m-rewritten", "e-new"]);
    sqlite.exec("update meetings set updated_at = 50 where uuid = 'm-rewritten'");
    expect(feed()).toEqual([
      { kind: "email", item_uuid: "e-early", recorded_at: 10 },
      { kind: "email", item_uuid: "e-new", recorded_at: 40 },
      { kind: "meeting", item_uuid: "m-rewritten", recorded_at: 50 },
    ]);
    sqlite.exec("delete from meetings where uuid = 'm-rewritten'");
    expect(feed().map((row) => row.item_uuid)).toEqual(["e-early", "e-new"]);
  });
});
