/**
 * Migration 0034: a person taken off a meeting's attendee list is remembered, so their activity feed can announce
 * the meeting as removed for them. Under 0033 no row named them any more: the meeting left their feed without a
 * removal and a poller following them kept its copy.
 *
 * - `meeting_departures` (tenant, meeting, person): the person was an attendee of the meeting and is not any more,
 *   while the meeting exists. Bookkeeping like `activity_feed`: no foreign keys, kept by triggers.
 * - A departure is recorded when an attendee row is deleted while its meeting exists, and cleared when the person
 *   is an attendee again, inserted or repointed. So a `PUT` that replaces the attendees (delete all, insert the new
 *   list) leaves departures for those left out only.
 * - A meeting deleted outright takes its departures with it, whichever of it and its attendees goes first: its
 *   removal is in the tenant-wide feed only, as a deleted email's. So a purge of a deleted tenant's data, which
 *   deletes its meetings, leaves none behind. A soft-deleted meeting keeps its attendee rows,
 *   so it records none (its attendees no longer count it, which the feed already announces).
 * - A person deleted (a merge's superseded person, soft-deleted after its attendee rows were repointed or
 *   deleted) loses their departures: no feed follows a person who no longer exists. The kept person of a merge
 *   gets none: their rows are not deleted, and a row repointed to them clears one they had.
 * - Departures before this migration are not known: nothing recorded who had been on a list.
 */
import { sql, type Kysely, type Migration } from "kysely";

const triggers = [
  `create trigger meeting_attendees_record_departure after delete on meeting_attendees
    when exists (select 1 from meetings where uuid = OLD.meeting_uuid) begin
      insert or ignore into meeting_departures (tenant_uuid, meeting_uuid, person_uuid) values (OLD.tenant_uuid, OLD.meeting_uuid, OLD.person_uuid);
    end`,
  `create trigger meeting_attendees_clear_departure_on_insert after insert on meeting_attendees begin
      delete from meeting_departures where meeting_uuid = NEW.meeting_uuid and person_uuid = NEW.person_uuid;
    end`,
  `create trigger meeting_attendees_clear_departure_on_repoint after update of person_uuid, meeting_uuid on meeting_attendees begin
      delete from meeting_departures where meeting_uuid = NEW.meeting_uuid and person_uuid = NEW.person_uuid;
    end`,
  `create trigger meetings_clear_departures after delete on meetings begin
      delete from meeting_departures where meeting_uuid = OLD.uuid;
    end`,
  `create trigger persons_clear_departures after update of deleted_at on persons when NEW.deleted_at is not null begin
      delete from meeting_departures where person_uuid = NEW.uuid and tenant_uuid = NEW.tenant_uuid;
    end`,
];

export const meetingDeparturesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Keyed by (meeting, person), the walk's probe; without rowid, the index by person carries the key: covering.
    await sql`
      create table meeting_departures (
        tenant_uuid text not null,
        meeting_uuid text not null,
        person_uuid text not null,
        primary key (meeting_uuid, person_uuid)
      ) without rowid`.execute(db);
    // A person's departures, for their feed read from their participations and for its total.
    await sql`create index meeting_departures_by_person on meeting_departures (tenant_uuid, person_uuid)`.execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
