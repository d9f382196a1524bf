/**
 * @module
 * The tenant-wide activity feed (`interactions.feed`): the tenant's emails and confirmed meetings in the
 * order migration 0032 recorded them, read by `activity_feed.sequence`, and their removals (migration 0033).
 * An entry is listed once its item has been in some person's timeline (`ever_listed`: every email, a meeting
 * once an attendee counted it); it is removed when the item is in none any more (the email is gone, no
 * attendee counts the meeting: cancelled, deleted, declined), which the page reads for its own items. A page
 * seeks the (tenant, sequence) index to its start and reads on in order; `since` first seeks the (tenant,
 * recorded_at) index to the first sequence recorded at or after it. A person's page walks the feed the same way
 * when they have many items (activity-feed-person-page.ts), else reads and sorts their items.
 */
import { sql, type Kysely } from "kysely";
import type { ActivityFeedItem, ActivityItem, ActivityParticipantRole } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import type { Page } from "../pagination/keyset-page.js";
import { rememberedTotal } from "../pagination/remembered-total.js";
import type { RememberedValues } from "../sqlite/generation-cache.js";
import type { ActivityFeedRequest } from "../store.js";
import { entriesInOrder, listedEntries, type FeedEntry } from "./activity-feed-entries.js";
import { PERSON_PAGE_PLAN, personEntriesInOrder, type PersonPagePlan } from "./activity-feed-person-page.js";
import { personFeedTotal } from "./activity-feed-person-total.js";
import { assertAfterHistoryHorizon, cursorScanHorizon, historyCursorKey } from "../history-retention/history-horizon.js";
import { itemDetailsOf } from "./activity-item-details.js";
import { participantsAndEmailRolesOf } from "./activity-participants.js";
import { tenantOnly } from "./tenant-filter.js";

/**
 * One page of the feed, each item with its details and participants; its total on a numbered page is remembered in
 * `totals` until a participation or a feed entry changes (migration 0036). A person's page by cursor, `afterSequence`
 * or the first page number is found by `personEntriesInOrder` (`plan` tunes it; tests pass others to reach every
 * path); later page numbers read and sort the person's items, which an offset needs anyway.
 */
export async function activityFeedPage(
  db: Kysely<Database>,
  tenantUuid: string,
  request: ActivityFeedRequest,
  plan: PersonPagePlan = PERSON_PAGE_PLAN,
  totals: RememberedValues<number> | null = null,
): Promise<Page<ActivityFeedItem>> {
  const { position, personUuid } = request;
  const after = position.kind === "after" ? Number(position.key[0]) : undefined;
  const offset = position.kind === "offset" ? position.offset : 0;
  const bounds = [after, request.afterSequence].filter((bound) => bound !== undefined);
  const scanHorizon = await assertAfterHistoryHorizon(db, tenantUuid, "activity_feed", {
    afterSequence: bounds.length > 0 ? Math.max(...bounds) : undefined,
    since: request.recordedSince,
    scanHorizon: cursorScanHorizon(position),
  });
  const wanted = request.limit + 1;
  const fetched =
    personUuid !== undefined && offset === 0
      ? await personEntriesInOrder(db, tenantUuid, { ...request, personUuid }, after, wanted, plan)
      : await entriesInOrder(db, tenantUuid, request, after, wanted, offset);
  const entries = fetched.slice(0, request.limit);
  const counted = position.kind === "offset" ? await withoutIdleSince(db, tenantUuid, request) : null;
  const total = counted ? await rememberedTotal(totals, feedTotalKey(counted), () => feedTotal(db, tenantUuid, counted)) : null;
  const last = entries.at(-1);
  return {
    rows: await withDetails(db, tenantUuid, entries, request.personUuid),
    hasMore: fetched.length > request.limit,
    total,
    lastKey: last ? historyCursorKey(Number(last.sequence), scanHorizon) : null,
  };
}

/**
 * `request` without its `since` when that leaves out no entry of the tenant (none recorded before it: a first poll's
 * early `since`), so that its total is the one remembered without it rather than counted again (30 ms at scale M).
 */
async function withoutIdleSince(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest): Promise<ActivityFeedRequest> {
  if (request.recordedSince === undefined) return request;
  const before = await sql`select 1 from activity_feed indexed by activity_feed_by_time where tenant_uuid = ${tenantUuid} and recorded_at < ${request.recordedSince} limit 1`.execute(db);
  return before.rows.length > 0 ? request : { ...request, recordedSince: undefined };
}

/** What a feed's total depends on, as a remembered total's key. */
function feedTotalKey({ personUuid, kind, afterSequence, recordedSince }: ActivityFeedRequest): string {
  return `feed:${JSON.stringify([personUuid ?? null, kind ?? null, afterSequence ?? null, recordedSince ?? null])}`;
}

/** How many entries the request lists in all: a person's alone from their participation indexes. */
async function feedTotal(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest): Promise<number> {
  if (request.personUuid !== undefined && request.afterSequence === undefined && request.recordedSince === undefined) {
    return personFeedTotal(db, tenantUuid, request.personUuid, request.kind);
  }
  return Number((await listedEntries(db, tenantUuid, request).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
}

/**
 * The entries as feed items: time, title, status and participants read for the page alone, and whether each is
 * removed (an email the store no longer has; a meeting no attendee counts, or with `personUuid`, not that person).
 */
async function withDetails(db: Kysely<Database>, tenantUuid: string, entries: readonly FeedEntry[], personUuid: string | undefined): Promise<ActivityFeedItem[]> {
  const items = entries.map((entry) => ({ kind: entry.kind as ActivityItem["kind"], uuid: entry.item_uuid }));
  const details = await itemDetailsOf(db, tenantUuid, items);
  const { people: participants, emailRoles } = await participantsAndEmailRolesOf(db, items);
  const counted = await countedMeetings(db, items.filter((item) => item.kind === "meeting").map((item) => item.uuid), personUuid);
  const internal = await internalPersons(db, tenantUuid, [...new Set([...participants.values()].flat())]);
  const roleOf = (entry: FeedEntry, person: string, organizer: string | null): ActivityParticipantRole =>
    entry.kind === "email" ? (emailRoles.get(entry.item_uuid)?.get(person) ?? "to") : person === organizer ? "organizer" : "attendee";
  return entries.map((entry) => {
    const detail = details.get(entry.item_uuid);
    // A deleted meeting keeps its attendee rows (a soft delete) but, like its title, shows none of them.
    const persons = detail ? (participants.get(entry.item_uuid) ?? []) : [];
    return {
      kind: entry.kind as ActivityItem["kind"],
      uuid: entry.item_uuid,
      removed: entry.kind === "email" ? detail === undefined : !counted.has(entry.item_uuid),
      occurred_at: detail?.occurred_at ?? null,
      title: detail?.title ?? null,
      status: detail?.status ?? null,
      person_uuids: persons,
      sequence: Number(entry.sequence),
      recorded_at: Number(entry.recorded_at),
      participants: persons.map((person) => ({
        person_uuid: person,
        is_internal: internal.has(person),
        role: roleOf(entry, person, detail?.organizer_person_uuid ?? null),
      })),
    };
  });
}

/**
 * Which of these meetings (the tenant's own: they come from its feed) some attendee counts, or with `personUuid`
 * that person. By primary key alone: with `tenant_uuid` in the statement SQLite may walk the tenant's attendees.
 */
async function countedMeetings(db: Kysely<Database>, meetingUuids: readonly string[], personUuid: string | undefined): Promise<Set<string>> {
  if (meetingUuids.length === 0) return new Set();
  let query = db
    .selectFrom("meeting_attendees")
    .select("meeting_uuid")
    .distinct()
    .where("meeting_uuid", "in", meetingUuids)
    .where("counted_at", "is not", null);
  if (personUuid !== undefined) query = query.where("person_uuid", "=", personUuid);
  return new Set((await query.execute()).map((row) => row.meeting_uuid));
}

/** Which of these persons are the tenant's own (a user's person). */
async function internalPersons(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<Set<string>> {
  if (personUuids.length === 0) return new Set();
  const rows = await db
    .selectFrom("persons")
    .select("uuid")
    // By key, the tenant condition unindexed: under statistics like scale L's, a page's participants (hundreds
    // for a few large meetings) walked every person of the tenant.
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", personUuids)
    .where("is_internal", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.uuid));
}
