import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { planOf } from "../../testing/sqlite-plans.js";
import { migrations } from "./index.js";

/** A migrator that knows the migrations up to and including `last`. */
const migratorUpTo = (db: Kysely<Database>, last: string) =>
  new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)) } });

describe("migrations 0024-person-activity-times and 0025-attendee-times-written-once", () => {
  it("fills the times of stored rows, keeps them on every write, and answers a person's last activity from the index alone", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await migratorUpTo(db, "0023-live-opportunity-link-recency").migrateToLatest()).error).toBeUndefined();
      sqlite.pragma("foreign_keys = off");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e1', 't1', 'm1', 100, 'ada', 1);
        insert into email_participants (tenant_uuid, email_uuid, person_uuid, role) values ('t1', 'e1', 'ada', 'from'), ('t1', 'e1', 'ben', 'to');
        insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at, deleted_at) values
          ('confirmed', 't1', 'A', 200, 'confirmed', 1, 1, null),
          ('cancelled', 't1', 'B', 300, 'cancelled', 1, 1, null),
          ('deleted', 't1', 'C', 400, 'confirmed', 1, 1, 5);
        insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values
          ('t1', 'confirmed', 'ada', 'accepted'), ('t1', 'confirmed', 'ben', 'declined'),
          ('t1', 'cancelled', 'ada', 'accepted'), ('t1', 'deleted', 'ada', 'accepted');`);

      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      const sentAt = () => sqlite.prepare("select email_uuid || ':' || person_uuid as row, sent_at from email_participants order by 1").all();
      const countedAt = () => sqlite.prepare("select meeting_uuid || ':' || person_uuid as row, counted_at from meeting_attendees order by 1").all();
      expect(sentAt()).toEqual([
        { row: "e1:ada", sent_at: 100 },
        { row: "e1:ben", sent_at: 100 },
      ]);
      expect(countedAt()).toEqual([
        { row: "cancelled:ada", counted_at: null },
        { row: "confirmed:ada", counted_at: 200 },
        { row: "confirmed:ben", counted_at: null },
        { row: "deleted:ada", counted_at: null },
      ]);

      // An insert that leaves the time out gets the email's; one that gives it keeps it.
      sqlite.exec(`insert into emails (uuid, tenant_uuid, message_id, sent_at, from_person_uuid, created_at) values ('e2', 't1', 'm2', 150, 'ada', 1);
        insert into email_participants (tenant_uuid, email_uuid, person_uuid, role) values ('t1', 'e2', 'ada', 'from');
        insert into email_participants (tenant_uuid, email_uuid, person_uuid, role, sent_at) values ('t1', 'e2', 'ben', 'to', 150);`);
      expect(sentAt()).toContainEqual({ row: "e2:ada", sent_at: 150 });
      expect(sentAt()).toContainEqual({ row: "e2:ben", sent_at: 150 });

      // The meeting's time follows its moves, status, deletion and each attendee's answer.
      sqlite.exec("update meetings set starts_at = 250 where uuid = 'confirmed'");
      sqlite.exec("update meetings set status = 'confirmed' where uuid = 'cancelled'");
      sqlite.exec("update meeting_attendees set response = 'accepted' where meeting_uuid = 'confirmed' and person_uuid = 'ben'");
      sqlite.exec("insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values ('t1', 'cancelled', 'ben', 'declined')");
      expect(countedAt()).toEqual([
        { row: "cancelled:ada", counted_at: 300 },
        { row: "cancelled:ben", counted_at: null },
        { row: "confirmed:ada", counted_at: 250 },
        { row: "confirmed:ben", counted_at: 250 },
        { row: "deleted:ada", counted_at: null },
      ]);
      sqlite.exec("update meetings set deleted_at = 9 where uuid = 'confirmed'");
      sqlite.exec("update meetings set status = 'cancelled' where uuid = 'cancelled'");
      expect(countedAt().every((row) => (row as { counted_at: number | null }).counted_at === null)).toBe(true);

      // Migration 0025: an insert that gives the right time is left as written; a wrong or missing one is set.
      sqlite.exec(`insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values ('later', 't1', 'D', 500, 'confirmed', 1, 1);
        insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response, counted_at) values
          ('t1', 'later', 'ada', 'accepted', 500), ('t1', 'later', 'ben', 'accepted', 7), ('t1', 'later', 'cleo', 'declined', 500);
        insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values ('t1', 'later', 'dan', 'accepted');`);
      // Rows written, triggers' writes included: the right time costs the insert alone, a wrong one a rewrite. Each
      // write of an attendee row also raises the timelines generation (migration 0036): one row more.
      const written = (statement: string) => {
        const before = sqlite.prepare("select total_changes()").pluck().get() as number;
        sqlite.exec(statement);
        return (sqlite.prepare("select total_changes()").pluck().get() as number) - before;
      };
      expect(written("insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response, counted_at) values ('t1', 'later', 'eve', 'accepted', 500)")).toBe(1 + 1);
      expect(written("insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response, counted_at) values ('t1', 'later', 'fay', 'declined', 500)")).toBe(2 + 2);
      expect(countedAt().filter((row) => (row as { row: string }).row.startsWith("later:"))).toEqual([
        { row: "later:ada", counted_at: 500 },
        { row: "later:ben", counted_at: 500 },
        { row: "later:cleo", counted_at: null },
        { row: "later:dan", counted_at: 500 },
        { row: "later:eve", counted_at: 500 },
        { row: "later:fay", counted_at: null },
      ]);

      // A person's latest time is one seek into each index.
      const emailPlan = planOf(sqlite, "select max(sent_at) from email_participants where tenant_uuid = ? and person_uuid = ? and sent_at <= ?");
      const meetingPlan = planOf(sqlite, "select max(counted_at) from meeting_attendees where tenant_uuid = ? and person_uuid = ? and counted_at <= ?");
      expect(emailPlan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=? AND sent_at<?)");
      expect(meetingPlan).toContain("COVERING INDEX meeting_attendees_person_counted (tenant_uuid=? AND person_uuid=? AND counted_at<?)");
    } finally {
      await db.destroy();
    }
  });
});
