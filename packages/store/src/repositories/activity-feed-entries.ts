/**
 * @module
 * The activity feed's entries a request lists, before their details: the filters every plan of a page shares,
 * and the entries in feed order read from the person's participations when a person narrows the feed.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { ActivityFeedRequest } from "../store.js";

/** One entry of the feed as a page reads it. */
export interface FeedEntry {
  sequence: number;
  kind: string;
  item_uuid: string;
  recorded_at: number;
}

/** The feed's entries the request lists, unordered and unselected. */
export function listedEntries(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest) {
  // With a person, their items lead (below): the `+` keeps SQLite from walking the tenant's entries instead.
  const tenantColumn = request.personUuid === undefined ? sql.ref("feed.tenant_uuid") : sql`+feed.tenant_uuid`;
  let entries = db
    .selectFrom("activity_feed as feed")
    .where(tenantColumn, "=", tenantUuid)
    .where("feed.ever_listed", "=", 1);
  if (request.kind !== undefined) entries = entries.where("feed.kind", "=", request.kind);
  if (request.afterSequence !== undefined) entries = entries.where("feed.sequence", ">", request.afterSequence);
  if (request.recordedSince !== undefined) {
    const since = request.recordedSince;
    // The seek: recording times follow sequences except where clocks disagree, hence the exact filter too.
    entries = entries.where("feed.sequence", ">=", firstSequenceSince(tenantUuid, since)).where("feed.recorded_at", ">=", since);
  }
  if (request.personUuid !== undefined) {
    // From the person's participation indexes (migration 0024) to the entries by item: the person's items
    // are read and sorted by sequence, what a person with few items costs least (a busy person's page walks
    // the feed instead: activity-feed-person-page.ts).
    // Every meeting the person is an attendee of, or was taken off (migration 0034): one they no longer count is
    // listed as removed for them.
    const person = request.personUuid;
    const items = db
      .selectFrom("email_participants")
      .select("email_uuid as uuid")
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", person)
      .unionAll(
        db
          .selectFrom("meeting_attendees")
          .select("meeting_uuid as uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("person_uuid", "=", person),
      )
      .unionAll(
        db
          .selectFrom("meeting_departures")
          .select("meeting_uuid as uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("person_uuid", "=", person),
      );
    entries = entries.where("feed.item_uuid", "in", items);
  }
  return entries;
}

/** Fewer entries recorded before `since` than this: the feed is walked in order from its start to the first since. */
export const FEW_ENTRIES_BEFORE = 1_000;

/**
 * The first sequence of the tenant's feed recorded at or after `since` (null when none). Recording times follow
 * sequences except where clocks disagree, so the least sequence of every entry recorded since is read, through the
 * (tenant, recorded_at) index. When fewer than `FEW_ENTRIES_BEFORE` entries were recorded before `since` (counted
 * through that index up to that many), the feed is walked from its start by sequence to the first entry recorded
 * since instead, which is the same entry: that walk passes only entries recorded before. A `since` before most of the
 * feed read every entry (the benchmark's tenant at scale M, all recorded at one instant: about 15 ms a page). The
 * indexes are named: by its statistics SQLite may take another and walk it.
 */
export function firstSequenceSince(tenantUuid: string, since: number, few = FEW_ENTRIES_BEFORE) {
  const before = sql`select 1 from activity_feed indexed by activity_feed_by_time where tenant_uuid = ${tenantUuid} and recorded_at < ${since} limit ${few}`;
  return sql<number>`(case when (select count(*) from (${before})) < ${few}
    then (select sequence from activity_feed indexed by activity_feed_by_tenant where tenant_uuid = ${tenantUuid} and recorded_at >= ${since} order by sequence limit 1)
    else (select min(sequence) from activity_feed indexed by activity_feed_by_time where tenant_uuid = ${tenantUuid} and recorded_at >= ${since}) end)`;
}

/**
 * The listed entries after sequence `after` (from the feed's start when undefined) in feed order, at most
 * `wanted` of them, skipping the first `offset`. With a person, all their items are read and sorted first.
 */
export async function entriesInOrder(
  db: Kysely<Database>,
  tenantUuid: string,
  request: ActivityFeedRequest,
  after: number | undefined,
  wanted: number,
  offset = 0,
): Promise<FeedEntry[]> {
  // One lower bound, the later: given the cursor and `afterSequence`, SQLite seeks by one and may filter every
  // entry between them (0.2 s for a cursor near the end of 2M interactions after an early `afterSequence`).
  const bounds = [after, request.afterSequence].filter((bound) => bound !== undefined);
  let page = listedEntries(db, tenantUuid, { ...request, afterSequence: undefined }).select(["feed.sequence", "feed.kind", "feed.item_uuid", "feed.recorded_at"]);
  if (bounds.length > 0) page = page.where("feed.sequence", ">", Math.max(...bounds));
  page = page.orderBy("feed.sequence").limit(wanted);
  if (offset > 0) page = page.offset(offset);
  return page.execute();
}
