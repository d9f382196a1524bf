import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

const departures = () => sqlite.prepare("select tenant_uuid, meeting_uuid, person_uuid from meeting_departures order by meeting_uuid, person_uuid").all();

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0033-activity-feed-removals")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  // Written under 0033: `bob` is taken off `m1` before the migration.
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
    insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values
      ('m1', 't1', 'Kickoff', 5, 'confirmed', 20, 20), ('m2', 't1', 'Lunch', 5, 'confirmed', 30, 30);
    insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values
      ('t1', 'm1', 'ada', 'accepted'), ('t1', 'm1', 'bob', 'accepted'), ('t1', 'm2', 'ada', 'accepted'), ('t1', 'm2', 'bob', 'accepted');
    delete from meeting_attendees where meeting_uuid = 'm1' and person_uuid = 'bob';`);
});
afterEach(() => sqlite.close());

describe("migration 0034-meeting-departures", () => {
  it("knows no departure from before it", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(departures()).toEqual([]);
  });

  it("records a person taken off a live meeting, and forgets it when they come back", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("delete from meeting_attendees where meeting_uuid = 'm2' and person_uuid = 'bob'");
    sqlite.exec("delete from meeting_attendees where meeting_uuid = 'm2' and person_uuid = 'bob'");
    expect(departures()).toEqual([{ tenant_uuid: "t1", meeting_uuid: "m2", person_uuid: "bob" }]);
    sqlite.exec("insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values ('t1', 'm2', 'bob', 'declined')");
    expect(departures()).toEqual([]);
  });

  it("records nothing for a meeting deleted before its attendees, and forgets a meeting's departures when it is deleted after", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec("delete from meetings where uuid = 'm1'; delete from meeting_attendees where meeting_uuid = 'm1'");
    expect(departures()).toEqual([]);
    sqlite.exec("delete from meeting_attendees where meeting_uuid = 'm2'");
    expect(departures()).toHaveLength(2);
    sqlite.exec("delete from meetings where uuid = 'm2'");
    expect(departures()).toEqual([]);
  });

  it("forgets a deleted person's departures, and a repointed row clears its new person's", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    sqlite.exec(`insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('bob', 't1', 'Bob', 1, 1);
      delete from meeting_attendees where meeting_uuid = 'm2';`);
    expect(departures()).toHaveLength(2);
    sqlite.exec("update persons set deleted_at = 50 where uuid = 'bob'");
    expect(departures()).toEqual([{ tenant_uuid: "t1", meeting_uuid: "m2", person_uuid: "ada" }]);
    sqlite.exec("update meeting_attendees set meeting_uuid = 'm2' where meeting_uuid = 'm1' and person_uuid = 'ada'");
    expect(departures()).toEqual([]);
  });
});
