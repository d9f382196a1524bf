/**
 * Migration 0054: deleted meetings in the deletions log (`entity_type` `MEETING`). `GET /v1/meetings` lists every
 * live meeting (cancelled ones and those no attendee counts included) and is polled with `updated_after`, but the
 * activity feed announces a deletion only of a meeting it listed: a meeting created cancelled, or declined by every
 * attendee, was deleted unannounced, and a copy kept from the list held it forever.
 *
 * - As migration 0039's soft-deleted tables: a trigger logs a meeting's `deleted_at` when it is set, and one logs a
 *   live meeting deleted outright (by a statement run by hand) by the database's clock; a live tenant's only, one
 *   entry a meeting, read by the whole tenant (every member reads meetings).
 * - Meetings soft-deleted before it are logged by `deleted_at`, then uuid, after the entries already there, so a
 *   poller resuming with `after_sequence` gets them.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Epoch milliseconds by the database's clock: the time of a hard-deleted row's entry. */
const DATABASE_NOW = "cast((julianday('now') - 2440587.5) * 86400000 as integer)";

/** The statements logging `row` (NEW or OLD) as a deleted meeting at `deletedAt`, when its tenant is live. */
function logMeetingDeletion(row: "NEW" | "OLD", deletedAt: string): string {
  return `delete from record_deletions where uuid = ${row}.uuid and entity_type = 'MEETING';
      insert into record_deletions (tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid)
        select ${row}.tenant_uuid, 'MEETING', ${row}.uuid, ${deletedAt}, null, null
        where exists (select 1 from tenants where uuid = ${row}.tenant_uuid and deleted_at is null);`;
}

export const meetingDeletionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      insert into record_deletions (tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid)
      select meetings.tenant_uuid, 'MEETING', meetings.uuid, meetings.deleted_at, null, null from meetings
      where meetings.deleted_at is not null
        and exists (select 1 from tenants where tenants.uuid = meetings.tenant_uuid and tenants.deleted_at is null)
        and not exists (select 1 from record_deletions where record_deletions.uuid = meetings.uuid and record_deletions.entity_type = 'MEETING')
      order by meetings.deleted_at, meetings.uuid`.execute(db);
    await sql
      .raw(
        `create trigger meetings_log_deletion after update of deleted_at on meetings
    when OLD.deleted_at is null and NEW.deleted_at is not null
    begin
      ${logMeetingDeletion("NEW", "NEW.deleted_at")}
    end`,
      )
      .execute(db);
    // A live meeting deleted outright (no code path does; a statement run by hand may). A purge of a deleted
    // tenant's rows logs nothing, as its tenant is not live.
    await sql
      .raw(
        `create trigger meetings_log_removal after delete on meetings
    when OLD.deleted_at is null
    begin
      ${logMeetingDeletion("OLD", DATABASE_NOW)}
    end`,
      )
      .execute(db);
  },
};
