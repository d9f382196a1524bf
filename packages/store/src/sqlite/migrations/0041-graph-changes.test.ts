import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { GRAPH_CHANGES_KEPT } from "./0041-graph-changes.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;

interface Entry {
  tenant_uuid: string;
  position: number;
  kind: string;
  subject_uuid: string;
  merged_into_uuid: string | null;
}
const log = (tenant = "t1") =>
  sqlite.prepare("select tenant_uuid, position, kind, subject_uuid, merged_into_uuid from graph_changes where tenant_uuid = ? order by position").all(tenant) as Entry[];
const position = (tenant = "t1") => sqlite.prepare("select generation from change_generations where tenant_uuid = ? and scope = 'graph'").pluck().get(tenant) as number | undefined;
const entry = (position: number, kind: string, subject: string, mergedInto: string | null = null): Entry => ({
  tenant_uuid: "t1",
  position,
  kind,
  subject_uuid: subject,
  merged_into_uuid: mergedInto,
});

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Globex', 'standard', 1);
    insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('ada', 't1', 'Ada', 1, 1), ('ben', 't1', 'Ben', 1, 1);
    insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('initech', 't1', 'Initech', 1, 1);`);
});
afterEach(() => sqlite.close());

describe("migration 0041-graph-changes", () => {
  it("logs each email, meeting, affiliation and merge written, numbered per tenant by its graph generation", () => {
    sqlite.exec(`insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ada', 1);
      insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values ('mt1', 't1', 'Intro', 1, 'confirmed', 1, 1);
      update meetings set status = 'cancelled' where uuid = 'mt1';
      insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e-other', 't2', 'm1', 1, 'x', 1);
      insert into affiliations (uuid, tenant_uuid, person_uuid, company_uuid, is_current, created_at, updated_at) values ('a1', 't1', 'ben', 'initech', 1, 1, 1);
      update affiliations set person_uuid = 'ada' where uuid = 'a1';
      update persons set deleted_at = 2, merged_into_uuid = 'ada' where uuid = 'ben';
      delete from affiliations where uuid = 'a1';
      delete from meetings where uuid = 'mt1';
      delete from emails where uuid = 'e1';`);
    expect(log()).toEqual([
      entry(1, "email", "e1"),
      entry(2, "meeting", "mt1"),
      entry(3, "meeting", "mt1"),
      entry(4, "affiliation", "ben"),
      // A moved affiliation names both persons (SQLite fires the later trigger first).
      entry(5, "affiliation", "ben"),
      entry(6, "affiliation", "ada"),
      entry(7, "merge", "ben", "ada"),
      entry(8, "affiliation", "ada"),
      entry(9, "meeting", "mt1"),
      entry(10, "email", "e1"),
    ]);
    expect(position()).toBe(10);
    expect(log("t2")).toEqual([{ tenant_uuid: "t2", position: 1, kind: "email", subject_uuid: "e-other", merged_into_uuid: null }]);
  });

  it("logs an email's update of its time or subject, not a merge's move of its sender (migration 0043)", () => {
    sqlite.exec(`insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ben', 1);
      update emails set from_person_uuid = 'ada' where uuid = 'e1';
      update emails set subject = 'Intro' where uuid = 'e1';
      update emails set sent_at = 2 where uuid = 'e1';`);
    expect(log().map((row) => [row.position, row.kind, row.subject_uuid])).toEqual([
      [1, "email", "e1"],
      [2, "email", "e1"],
      [3, "email", "e1"],
    ]);
  });

  it("logs a meeting's update of anything but its organizer, which a merge moves (migration 0044)", () => {
    sqlite.exec(`insert into meetings (uuid, tenant_uuid, title, starts_at, status, organizer_person_uuid, created_at, updated_at) values ('mt1', 't1', 'Intro', 1, 'confirmed', 'ben', 1, 1);
      update meetings set organizer_person_uuid = 'ada' where uuid = 'mt1';
      update meetings set organizer_person_uuid = 'ben', updated_at = 2 where uuid = 'mt1';
      update meetings set starts_at = 3 where uuid = 'mt1';
      update meetings set deleted_at = 4 where uuid = 'mt1';`);
    expect(log().map((row) => [row.position, row.kind, row.subject_uuid])).toEqual([
      [1, "meeting", "mt1"],
      [2, "meeting", "mt1"],
      [3, "meeting", "mt1"],
      [4, "meeting", "mt1"],
    ]);
  });

  it("lists every column of meetings but the organizer in the update trigger (migration 0044), so a new column is logged", () => {
    const columns = (sqlite.prepare("select name from pragma_table_info('meetings')").pluck().all() as string[]).filter(
      (name) => name !== "organizer_person_uuid",
    );
    const trigger = sqlite.prepare("select sql from sqlite_master where name = 'meetings_log_graph_change_on_update'").pluck().get() as string;
    const listed = /after update of ([\w, ]+) on meetings/.exec(trigger)?.[1]?.split(", ");
    expect(listed?.sort()).toEqual(columns.sort());
  });

  it("writes nothing when the transaction rolls back", () => {
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ada', 1)");
    expect(() =>
      sqlite.transaction(() => {
        sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e2', 't1', 'm2', 1, 'ada', 1)");
        throw new Error("abort");
      })(),
    ).toThrow("abort");
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e3', 't1', 'm3', 1, 'ada', 1)");
    expect(log().map((row) => [row.position, row.subject_uuid])).toEqual([
      [1, "e1"],
      [2, "e3"],
    ]);
  });

  it(`keeps each tenant's latest ${GRAPH_CHANGES_KEPT} entries: each new one drops the one that many before it`, () => {
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ada', 1)");
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e2', 't1', 'm2', 1, 'ada', 1)");
    // As if the tenant had written all the entries in between.
    sqlite.exec(`update change_generations set generation = ${GRAPH_CHANGES_KEPT} where tenant_uuid = 't1' and scope = 'graph'`);
    sqlite.exec("insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e3', 't1', 'm3', 1, 'ada', 1)");
    expect(log().map((row) => [row.position, row.subject_uuid])).toEqual([
      [2, "e2"],
      [GRAPH_CHANGES_KEPT + 1, "e3"],
    ]);
  });

  it("drops a tenant's entries when the tenant is deleted", () => {
    sqlite.exec(`insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 1, 'ada', 1), ('e2', 't2', 'm1', 1, 'x', 1);
      update tenants set deleted_at = 5 where uuid = 't1';`);
    expect(log()).toEqual([]);
    expect(log("t2")).toHaveLength(1);
  });
});
