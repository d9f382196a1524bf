/**
 * @module
 * A person's page of the activity feed (`interactions.feed` with `personUuid`) by cursor, `afterSequence` or the
 * first page number, at about what the page costs rather than what the person's history costs. A person with
 * many items walks the feed in order from the page's start (the (tenant, sequence) index alone) and probes each
 * entry's item for the person (the participations' primary keys, by item), stopping once the page is full. The
 * walk is bounded (`entriesPerItem` entries for each the page needs): when the person's items are too sparse to
 * fill the page within it, the rest is read from the person's participations and sorted, after the last item
 * found. A person with few participations (under `walkFrom`) skips the walk: reading and sorting their items
 * costs less than a walk that would not fill the page.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { ActivityFeedRequest } from "../store.js";
import { entriesInOrder, firstSequenceSince, type FeedEntry } from "./activity-feed-entries.js";

/** When a person's page walks the feed, and how far. */
export interface PersonPagePlan {
  /** Participations (emails and meeting attendances) a person needs before their pages walk the feed. */
  walkFrom: number;
  /** Feed entries a walk reads, for each entry the page needs, before falling back to the participations. */
  entriesPerItem: number;
}

/**
 * Measured at 2M interactions (medians of 5 on a busy 2-core machine): a walked entry costs about 1 µs, an item
 * of the person's read and sorted about 4 µs. From 8,000 participations (about 35 ms read and sorted) a walk of
 * at most 400 entries for each the page needs (about 8 ms for a page of 20, 20 ms for 50) fills the page of any
 * person with an item in every 400 entries; a sparser one pays that walk on top of the read.
 */
export const PERSON_PAGE_PLAN: PersonPagePlan = { walkFrom: 8_000, entriesPerItem: 400 };

/**
 * The person's listed entries after sequence `after` (from the start when undefined) in feed order, `wanted` at
 * most: the same entries as reading all the person's items and sorting them (`entriesInOrder`).
 */
export async function personEntriesInOrder(
  db: Kysely<Database>,
  tenantUuid: string,
  request: ActivityFeedRequest & { personUuid: string },
  after: number | undefined,
  wanted: number,
  plan: PersonPagePlan = PERSON_PAGE_PLAN,
): Promise<FeedEntry[]> {
  if (!(await participatesAtLeast(db, tenantUuid, request.personUuid, plan.walkFrom))) {
    return entriesInOrder(db, tenantUuid, request, after, wanted);
  }
  // The feed's last entry (of the kind), one seek: the walk reached the end when it walked that one.
  let tailQuery = db.selectFrom("activity_feed").select(sql<number | null>`max(sequence)`.as("tail")).where("tenant_uuid", "=", tenantUuid);
  if (request.kind !== undefined) tailQuery = tailQuery.where("kind", "=", request.kind);
  const tail = (await tailQuery.executeTakeFirstOrThrow()).tail;
  if (tail === null || Number(tail) <= Math.max(after ?? 0, request.afterSequence ?? 0)) return [];
  const rows = await db
    .selectFrom(walkedSequences(db, tenantUuid, request, after, wanted * plan.entriesPerItem).as("walked"))
    // By the row's key: sequences are the tenant's own (migration 0062), another tenant's entries share them.
    .innerJoin("activity_feed as feed", "feed.id", "walked.id")
    .select(["feed.sequence", "feed.kind", "feed.item_uuid", "feed.recorded_at", sql<number>`${listedForPerson(request, tenantUuid)}`.as("listed")])
    .where((where) => where.or([where(listedForPerson(request, tenantUuid), "=", 1), where("walked.sequence", "=", Number(tail))]))
    .orderBy("walked.sequence")
    .limit(wanted + 1)
    .execute();
  const found: FeedEntry[] = rows.filter((row) => Number(row.listed) === 1).slice(0, wanted).map(({ listed: _listed, ...entry }) => entry);
  if (found.length === wanted || rows.some((row) => Number(row.sequence) === Number(tail))) return found;
  // The walk's budget ran out first: the rest from the person's participations, after the last item found.
  const from = found.at(-1)?.sequence ?? after;
  return [...found, ...(await entriesInOrder(db, tenantUuid, request, from === undefined ? undefined : Number(from), wanted - found.length))];
}

/**
 * The keys and sequences of the first `budget` entries of the tenant's feed (of the kind) after the page's start, whoever
 * took part and whether listed or not: from the (tenant, sequence) or (tenant, kind, sequence) index alone.
 */
function walkedSequences(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest, after: number | undefined, budget: number) {
  let entries = db.selectFrom("activity_feed as walk").select(["walk.id", "walk.sequence"]).where("walk.tenant_uuid", "=", tenantUuid);
  if (request.kind !== undefined) entries = entries.where("walk.kind", "=", request.kind);
  // One lower bound: given two, SQLite may seek by the lower one and filter the entries up to the higher.
  const start = Math.max(after ?? 0, request.afterSequence ?? 0);
  if (start > 0) entries = entries.where("walk.sequence", ">", start);
  if (request.recordedSince !== undefined) entries = entries.where("walk.sequence", ">=", firstSequenceSince(tenantUuid, request.recordedSince));
  return entries.orderBy("walk.sequence").limit(budget);
}

/** Whether the walked entry is one the request lists for the person: 1 or 0. */
function listedForPerson(request: ActivityFeedRequest & { personUuid: string }, tenantUuid: string) {
  const since = request.recordedSince === undefined ? sql`1` : sql`feed.recorded_at >= ${request.recordedSince}`;
  return sql<number>`(feed.ever_listed = 1 and ${since} and ${takesPart(request.personUuid, tenantUuid)})`;
}

/**
 * Whether the person has a participation row for the walked entry's item, or was taken off the meeting's attendees
 * (a departure): the rows the participation-first plan reads (any response, any role), found by the (item, person)
 * primary keys. The `+` keeps SQLite from the
 * (tenant, person) index, which would read all a busy person's participations for each entry.
 */
function takesPart(personUuid: string, tenantUuid: string) {
  return sql<boolean>`(case feed.kind
    when 'email' then exists (select 1 from email_participants as part where part.email_uuid = feed.item_uuid and part.person_uuid = ${personUuid} and +part.tenant_uuid = ${tenantUuid})
    else exists (select 1 from meeting_attendees as part where part.meeting_uuid = feed.item_uuid and part.person_uuid = ${personUuid} and +part.tenant_uuid = ${tenantUuid})
      or exists (select 1 from meeting_departures as gone where gone.meeting_uuid = feed.item_uuid and gone.person_uuid = ${personUuid} and +gone.tenant_uuid = ${tenantUuid})
  end)`;
}

/** Whether the person has at least `threshold` participation rows, counting no further than that. */
async function participatesAtLeast(db: Kysely<Database>, tenantUuid: string, personUuid: string, threshold: number): Promise<boolean> {
  if (threshold <= 0) return true;
  if (!Number.isFinite(threshold)) return false;
  const { n } = await sql<{ n: number }>`select
      (select count(*) from (select 1 from email_participants where tenant_uuid = ${tenantUuid} and person_uuid = ${personUuid} limit ${threshold}))
    + (select count(*) from (select 1 from meeting_attendees where tenant_uuid = ${tenantUuid} and person_uuid = ${personUuid} limit ${threshold})) as n`
    .execute(db)
    .then((result) => result.rows[0]!);
  return Number(n) >= threshold;
}
