/**
 * Migration 0024: each person's emails and meetings indexed by the time they count at, so that a person's
 * last activity (`lastActivityOfEntities`: opportunity dates while the tenant's graph is not loaded, and
 * every recomputation inside a write) is one index seek per person. Before, it read every email and
 * meeting of the person and looked up its time in `emails` or `meetings`: at benchmark scale L a busy
 * contact has 100,000 emails or more, a large company 19,000 persons, and recomputing one such company
 * took 16 to 23 s.
 *
 * - `email_participants.sent_at`: the email's `sent_at`, written by the store with the row; a trigger
 *   copies it from `emails` when an insert leaves it out. An email's time never changes.
 * - `meeting_attendees.counted_at`: the meeting's `starts_at` while it counts as the attendee's activity
 *   (confirmed, not deleted, not declined), else null. Triggers keep it when an attendee is added or
 *   answers, and when the meeting moves, changes status or is deleted.
 *
 * The new indexes replace those on (tenant_uuid, person_uuid) alone, whose lookups they serve.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** The time the meeting `meeting` counts at for an attendee who answered `response`, or null (SQL). */
export const attendeeCountedAt = (meeting: string, response: string) =>
  `(select case when ${response} <> 'declined' and m.status = 'confirmed' and m.deleted_at is null then m.starts_at end
      from meetings m where m.uuid = ${meeting})`;

const triggers = [
  `create trigger email_participants_take_sent_at after insert on email_participants when NEW.sent_at is null begin
      update email_participants set sent_at = (select sent_at from emails where uuid = NEW.email_uuid) where rowid = NEW.rowid;
    end`,
  `create trigger meeting_attendees_take_counted_at after insert on meeting_attendees begin
      update meeting_attendees set counted_at = ${attendeeCountedAt("NEW.meeting_uuid", "NEW.response")} where rowid = NEW.rowid;
    end`,
  `create trigger meeting_attendees_recount_on_answer after update of response, meeting_uuid on meeting_attendees begin
      update meeting_attendees set counted_at = ${attendeeCountedAt("NEW.meeting_uuid", "NEW.response")} where rowid = NEW.rowid;
    end`,
  `create trigger meetings_recount_attendees after update of starts_at, status, deleted_at on meetings begin
      update meeting_attendees set counted_at = ${attendeeCountedAt("NEW.uuid", "meeting_attendees.response")} where meeting_uuid = NEW.uuid;
    end`,
];

export const personActivityTimesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("email_participants").addColumn("sent_at", "bigint").execute();
    await sql`update email_participants set sent_at = (select sent_at from emails where emails.uuid = email_participants.email_uuid)`.execute(db);
    await db.schema.createIndex("email_participants_person_sent").on("email_participants").columns(["tenant_uuid", "person_uuid", "sent_at"]).execute();
    await db.schema.dropIndex("email_participants_person").execute();

    await db.schema.alterTable("meeting_attendees").addColumn("counted_at", "bigint").execute();
    await sql`update meeting_attendees set counted_at = ${sql.raw(attendeeCountedAt("meeting_attendees.meeting_uuid", "meeting_attendees.response"))}`.execute(db);
    await db.schema.createIndex("meeting_attendees_person_counted").on("meeting_attendees").columns(["tenant_uuid", "person_uuid", "counted_at"]).execute();
    await db.schema.dropIndex("meeting_attendees_person").execute();

    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
