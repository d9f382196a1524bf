/**
 * Migration 0032: the tenant-wide activity feed's order. `GET /v1/activity` lists emails and meetings in the
 * order Rapport recorded them, so a poller resumes after the last item it saw and misses nothing written
 * since, whatever time the item itself carries (an email ingested today may have been sent last year).
 *
 * - `activity_feed.sequence` is an `autoincrement` rowid: strictly increasing in commit order (SQLite has one
 *   writer at a time) and never reused, even after the newest row is deleted. A time column could not give
 *   that: two processes' clocks differ, and rows written in one millisecond order by uuid, not by arrival.
 * - Triggers keep it: an email or meeting takes the next sequence when inserted (an email never changes); a
 *   meeting written again (`updated_at` moves: rescheduled, cancelled, attendees replaced, deleted) takes a
 *   new one, so pollers see the change; a row deleted from `emails` or `meetings` takes its entry with it.
 * - `recorded_at` is the row's `created_at` (a meeting's `updated_at` when rewritten): what `since` reads.
 * - Existing emails and meetings are numbered by `created_at` (a meeting's `updated_at`), then uuid.
 */
import { sql, type Kysely, type Migration } from "kysely";

const triggers = [
  `create trigger emails_enter_activity_feed after insert on emails begin
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at) values (NEW.tenant_uuid, 'email', NEW.uuid, NEW.created_at);
    end`,
  `create trigger emails_leave_activity_feed after delete on emails begin
      delete from activity_feed where kind = 'email' and item_uuid = OLD.uuid;
    end`,
  `create trigger meetings_enter_activity_feed after insert on meetings begin
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at) values (NEW.tenant_uuid, 'meeting', NEW.uuid, NEW.created_at);
    end`,
  `create trigger meetings_move_in_activity_feed after update of updated_at on meetings when NEW.updated_at is not OLD.updated_at begin
      delete from activity_feed where kind = 'meeting' and item_uuid = NEW.uuid;
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at) values (NEW.tenant_uuid, 'meeting', NEW.uuid, NEW.updated_at);
    end`,
  `create trigger meetings_leave_activity_feed after delete on meetings begin
      delete from activity_feed where kind = 'meeting' and item_uuid = OLD.uuid;
    end`,
];

export const activityFeedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table activity_feed (
        sequence integer primary key autoincrement,
        tenant_uuid text not null,
        kind text not null,
        item_uuid text not null,
        recorded_at bigint not null
      )`.execute(db);
    // A page: one seek to the tenant and the cursor's sequence, then rows in order.
    await sql`create index activity_feed_by_tenant on activity_feed (tenant_uuid, sequence)`.execute(db);
    // A page of one kind: the same seek within the kind.
    await sql`create index activity_feed_by_kind on activity_feed (tenant_uuid, kind, sequence)`.execute(db);
    // Where `since` starts: one seek to the first sequence recorded at or after it.
    await sql`create index activity_feed_by_time on activity_feed (tenant_uuid, recorded_at)`.execute(db);
    // The entry a rewritten or deleted email or meeting replaces.
    await sql`create unique index activity_feed_by_item on activity_feed (item_uuid, kind)`.execute(db);
    await sql`
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at)
      select tenant_uuid, kind, uuid, recorded_at from (
        select tenant_uuid, 'email' as kind, uuid, created_at as recorded_at from emails
        union all
        select tenant_uuid, 'meeting' as kind, uuid, updated_at as recorded_at from meetings
      ) order by recorded_at, uuid`.execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
