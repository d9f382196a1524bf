/**
 * @module
 * A person's page of the activity feed (`interactions.feed` with `personUuid`) by cursor, `afterSequence` or the
 * first page number, at about what the page costs rather than what the person's history costs. A person with
 * many items walks the feed in order from the page's start (the (tenant, sequence) index) and probes each entry's
 * item for the person (the participations' primary keys, by item), stopping once the page is full. The walk is
 * bounded (`entriesPerItem` entries for each the page needs): when the person's items are too sparse to fill the
 * page within it, the rest is read from the person's participations and sorted, from where the walk stopped. A
 * person with few participations (under `walkFrom`) skips the walk: reading and sorting their items is cheaper.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { ActivityFeedRequest } from "../store.js";
import { entriesInOrder, listedEntries, type FeedEntry } from "./activity-feed-entries.js";

/** When a person's page walks the feed, and how far. */
export interface PersonPagePlan {
  /** Participations (emails and meeting attendances) a person needs before their pages walk the feed. */
  walkFrom: number;
  /** Feed entries a walk reads, for each entry the page needs, before falling back to the participations. */
  entriesPerItem: number;
}

/**
 * Measured at 2M interactions: a walked entry costs about 0.8 µs, an item of the person's read and sorted 2 to
 * 4 µs. Under 2,000 participations, reading them all costs a few milliseconds; above, a walk of up to 500 entries
 * for each the page needs (about 8 ms for a page of 21) finds a page of any person with one item in 500 or more.
 */
export const PERSON_PAGE_PLAN: PersonPagePlan = { walkFrom: 2_000, entriesPerItem: 500 };

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
  const budget = wanted * plan.entriesPerItem;
  const walk = walkedEntries(db, tenantUuid, request, after, budget);
  const found: FeedEntry[] = await db
    .selectFrom(walk.as("walked"))
    .select(["walked.sequence", "walked.kind", "walked.item_uuid", "walked.recorded_at"])
    .where(takesPart(request.personUuid, tenantUuid))
    .orderBy("walked.sequence")
    .limit(wanted)
    .execute();
  if (found.length === wanted) return found;
  const { walked, last } = await db
    .selectFrom(walk.as("walked"))
    .select([sql<number>`count(*)`.as("walked"), sql<number | null>`max(walked.sequence)`.as("last")])
    .executeTakeFirstOrThrow();
  // The walk reached the feed's end: nothing further is the person's.
  if (Number(walked) < budget || last === null) return found;
  return [...found, ...(await entriesInOrder(db, tenantUuid, request, Number(last), wanted - found.length))];
}

/** The first `budget` entries the request lists after `after` whoever took part, in feed order. */
function walkedEntries(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest, after: number | undefined, budget: number) {
  let entries = listedEntries(db, tenantUuid, { ...request, personUuid: undefined }).select([
    "feed.sequence",
    "feed.kind",
    "feed.item_uuid",
    "feed.recorded_at",
  ]);
  if (after !== undefined) entries = entries.where("feed.sequence", ">", after);
  return entries.orderBy("feed.sequence").limit(budget);
}

/**
 * Whether the person has a participation row for the walked entry's item: the rows the participation-first plan
 * reads (any response, any role), found by the (item, person) primary key. The `+` keeps SQLite from the
 * (tenant, person) index, which would read all a busy person's participations for each entry.
 */
function takesPart(personUuid: string, tenantUuid: string) {
  return sql<boolean>`(case walked.kind
    when 'email' then exists (select 1 from email_participants as part where part.email_uuid = walked.item_uuid and part.person_uuid = ${personUuid} and +part.tenant_uuid = ${tenantUuid})
    else exists (select 1 from meeting_attendees as part where part.meeting_uuid = walked.item_uuid and part.person_uuid = ${personUuid} and +part.tenant_uuid = ${tenantUuid})
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
