/**
 * Merge step, before the activity moves: every email and meeting the superseded person is on takes a new place in
 * the activity feed, as after an erasure, so a poller resuming after its last sequence learns that their
 * participants changed (the superseded uuid gives way to the canonical one) without re-pointing them itself.
 */
import { sql } from "kysely";
import { relistInActivityFeed } from "../repositories/relist-in-activity-feed.js";
import type { PersonMoveContext } from "./person-reference-mover.js";

/**
 * Moves the feed entry of each email and meeting the superseded person takes part in (any role, any response: a
 * meeting's record lists declined attendees too) to a new sequence recorded at the merge, keeping whether it was
 * ever listed. Run before the participations move, in the merge's transaction: its readers see both at once.
 * Each statement walks the superseded person's own participations and seeks each entry by its item, never a
 * tenant's rows, and keeps nothing in memory: a busy person's thousands of items cost one pass each.
 * Returns how many entries moved.
 */
export async function relistSupersededActivity({ db, tenantUuid, supersededUuid, now }: PersonMoveContext): Promise<number> {
  let moved = 0;
  for (const [kind, items] of [
    ["email", sql`select email_uuid from email_participants where tenant_uuid = ${tenantUuid} and person_uuid = ${supersededUuid}`],
    ["meeting", sql`select meeting_uuid from meeting_attendees where tenant_uuid = ${tenantUuid} and person_uuid = ${supersededUuid}`],
  ] as const) {
    // `insert or replace` on the (item, kind) key deletes the old entry and takes the next sequence; the feed's
    // entries are the tenant's own (`+tenant_uuid` keeps SQLite from walking the tenant's entries instead).
    moved += await relistInActivityFeed(
      db,
      tenantUuid,
      sql`select feed.kind, feed.item_uuid, ${now} as recorded_at, feed.ever_listed from activity_feed feed
        where feed.kind = ${kind} and +feed.tenant_uuid = ${tenantUuid} and feed.item_uuid in (${items})`,
    );
  }
  return moved;
}
