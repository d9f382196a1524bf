/**
 * Migration 0033: the activity feed announces removals. Under 0032 a meeting that left every timeline
 * (cancelled, deleted, declined by everyone) moved to the feed's end and was filtered out there, so a poller
 * that had copied it kept it forever; a deleted email took its entry with it.
 *
 * - `activity_feed.ever_listed`: 1 once the item has been in some person's timeline (an email always; a meeting
 *   once one of its attendees counts it, `meeting_attendees.counted_at`). The feed lists exactly those entries;
 *   whether one is removed is read with the page (no attendee counts the meeting, or the email is gone). A
 *   meeting that no timeline ever showed (created cancelled, or declined by all) stays out, as under 0032.
 * - Attendee triggers set the flag on the meeting's entry when an attendee starts counting it, whatever the
 *   order in which a write's triggers run.
 * - A meeting written again still takes a new sequence, now keeping its flag (`insert or replace`: the flag is
 *   read before the old entry is replaced), so its removal, or its return, comes after everything a poller has
 *   seen. Any write of `updated_at` moves it, even to the same millisecond (0032 required a new value): a
 *   meeting cancelled and confirmed again within one millisecond must still be seen coming back.
 * - A row deleted from `emails` or from `meetings` leaves a removed entry at a new sequence, recorded at the
 *   database's clock (there is no row to take a time from), while its tenant is live: a purge of a deleted
 *   tenant's data leaves nothing behind. A meeting never listed leaves nothing.
 * - Existing entries keep their sequences; an email or a meeting some attendee counts now is flagged. A meeting
 *   removed before this migration is not announced: nothing recorded whether it had been listed.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Epoch milliseconds by the database's clock: the recording time of a deleted row's removal. */
const DATABASE_NOW = "cast((julianday('now') - 2440587.5) * 86400000 as integer)";

/** Whether `tenant` is live (SQL): a deleted tenant's rows are purged without announcements. */
const liveTenant = (tenant: string) => `exists (select 1 from tenants where uuid = ${tenant} and deleted_at is null)`;

/** Marks the meeting's entry as listed once (SQL statement), for the attendee triggers. */
const flagListed = (meeting: string) => `update activity_feed set ever_listed = 1 where item_uuid = ${meeting} and kind = 'meeting' and ever_listed = 0;`;

const replacedTriggers = ["emails_enter_activity_feed", "emails_leave_activity_feed", "meetings_move_in_activity_feed", "meetings_leave_activity_feed"];

const triggers = [
  `create trigger emails_enter_activity_feed after insert on emails begin
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed) values (NEW.tenant_uuid, 'email', NEW.uuid, NEW.created_at, 1);
    end`,
  `create trigger emails_leave_activity_feed after delete on emails begin
      delete from activity_feed where kind = 'email' and item_uuid = OLD.uuid;
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
        select OLD.tenant_uuid, 'email', OLD.uuid, ${DATABASE_NOW}, 1 where ${liveTenant("OLD.tenant_uuid")};
    end`,
  `create trigger meetings_move_in_activity_feed after update of updated_at on meetings begin
      insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
        values (NEW.tenant_uuid, 'meeting', NEW.uuid, NEW.updated_at,
          coalesce((select ever_listed from activity_feed where item_uuid = NEW.uuid and kind = 'meeting'), 0));
    end`,
  `create trigger meetings_leave_activity_feed after delete on meetings begin
      delete from activity_feed where kind = 'meeting' and item_uuid = OLD.uuid and not (ever_listed = 1 and ${liveTenant("OLD.tenant_uuid")});
      insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
        select OLD.tenant_uuid, 'meeting', OLD.uuid, ${DATABASE_NOW}, 1 from activity_feed where item_uuid = OLD.uuid and kind = 'meeting';
    end`,
  `create trigger meeting_attendees_flag_activity_feed_on_insert after insert on meeting_attendees when NEW.counted_at is not null begin
      ${flagListed("NEW.meeting_uuid")}
    end`,
  `create trigger meeting_attendees_flag_activity_feed_on_count after update of counted_at on meeting_attendees when NEW.counted_at is not null begin
      ${flagListed("NEW.meeting_uuid")}
    end`,
];

export const activityFeedRemovalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table activity_feed add column ever_listed integer not null default 0`.execute(db);
    await sql`
      update activity_feed set ever_listed = 1
      where kind = 'email'
        or exists (select 1 from meeting_attendees a where a.meeting_uuid = activity_feed.item_uuid and a.counted_at is not null)`.execute(db);
    for (const name of replacedTriggers) await sql.raw(`drop trigger ${name}`).execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
