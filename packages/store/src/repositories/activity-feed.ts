/**
 * @module
 * The tenant-wide activity feed (`interactions.feed`): the tenant's emails and confirmed meetings in the
 * order migration 0032 recorded them, read by `activity_feed.sequence`. An item is listed when it is in some
 * person's timeline: every email, and a meeting while one of its attendees counts it (`counted_at`:
 * confirmed, live, not declined). A page seeks the (tenant, sequence) index to its start and reads on in
 * order; `since` first seeks the (tenant, recorded_at) index to the first sequence recorded at or after it.
 */
import { sql, type Kysely } from "kysely";
import type { ActivityFeedItem, ActivityItem } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import type { Page } from "../pagination/keyset-page.js";
import type { ActivityFeedRequest } from "../store.js";
import { itemDetailsOf } from "./activity-item-details.js";
import { participantsOf } from "./activity-participants.js";

/** One page of the feed, each item with its details and participants. */
export async function activityFeedPage(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest): Promise<Page<ActivityFeedItem>> {
  const { position } = request;
  let page = listedEntries(db, tenantUuid, request).select(["feed.sequence", "feed.kind", "feed.item_uuid", "feed.recorded_at"]);
  if (position.kind === "after") page = page.where("feed.sequence", ">", Number(position.key[0]));
  page = page.orderBy("feed.sequence").limit(request.limit + 1);
  if (position.kind === "offset" && position.offset > 0) page = page.offset(position.offset);
  const fetched = await page.execute();
  const entries = fetched.slice(0, request.limit);
  const total =
    position.kind === "offset"
      ? Number((await listedEntries(db, tenantUuid, request).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n)
      : null;
  const last = entries.at(-1);
  return {
    rows: await withDetails(db, tenantUuid, entries),
    hasMore: fetched.length > request.limit,
    total,
    lastKey: last ? [Number(last.sequence)] : null,
  };
}

/** The feed's entries the request lists, unordered and unselected. */
function listedEntries(db: Kysely<Database>, tenantUuid: string, request: ActivityFeedRequest) {
  // With a person, their items lead (below): the `+` keeps SQLite from walking the tenant's entries instead.
  const tenantColumn = request.personUuid === undefined ? sql.ref("feed.tenant_uuid") : sql`+feed.tenant_uuid`;
  let entries = db
    .selectFrom("activity_feed as feed")
    .where(tenantColumn, "=", tenantUuid)
    .where((builder) =>
      builder.or([
        builder("feed.kind", "=", "email"),
        builder.exists(countedAttendees(db).select(sql<number>`1`.as("one"))),
      ]),
    );
  if (request.kind !== undefined) entries = entries.where("feed.kind", "=", request.kind);
  if (request.afterSequence !== undefined) entries = entries.where("feed.sequence", ">", request.afterSequence);
  if (request.recordedSince !== undefined) {
    const since = request.recordedSince;
    // The seek: recording times follow sequences except where clocks disagree, hence the exact filter too.
    // Named: by its statistics SQLite may take the (tenant, sequence) index and walk it to the first match.
    const firstSince = sql<number>`(select min(sequence) from activity_feed indexed by activity_feed_by_time where tenant_uuid = ${tenantUuid} and recorded_at >= ${since})`;
    entries = entries.where("feed.sequence", ">=", firstSince).where("feed.recorded_at", ">=", since);
  }
  if (request.personUuid !== undefined) {
    // From the person's participation indexes (migration 0024) to the entries by item: the person's items
    // are read and sorted by sequence, rather than the whole feed walked for the few that are theirs (2M
    // interactions: about 1 s for a person in 20, whatever their share, against 10 ms for 20,000 items).
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
          .where("person_uuid", "=", person)
          .where("counted_at", "is not", null),
      );
    entries = entries.where("feed.item_uuid", "in", items);
  }
  return entries;
}

/** The attendees of the entry's meeting who count it (none for an email: its uuid names no meeting). */
const countedAttendees = (db: Kysely<Database>) =>
  db
    .selectFrom("meeting_attendees")
    .whereRef("meeting_attendees.meeting_uuid", "=", sql.ref("feed.item_uuid"))
    .where(sql.ref("feed.kind"), "=", "meeting")
    .where("meeting_attendees.counted_at", "is not", null);

interface FeedEntry {
  sequence: number;
  kind: string;
  item_uuid: string;
  recorded_at: number;
}

/** The entries as feed items: time, title, status and participants read for the page alone. */
async function withDetails(db: Kysely<Database>, tenantUuid: string, entries: readonly FeedEntry[]): Promise<ActivityFeedItem[]> {
  const items = entries.map((entry) => ({ kind: entry.kind as ActivityItem["kind"], uuid: entry.item_uuid }));
  const details = await itemDetailsOf(db, tenantUuid, items);
  const participants = await participantsOf(db, items);
  const internal = await internalPersons(db, tenantUuid, [...new Set([...participants.values()].flat())]);
  return entries.map((entry) => {
    const detail = details.get(entry.item_uuid);
    const persons = participants.get(entry.item_uuid) ?? [];
    return {
      kind: entry.kind as ActivityItem["kind"],
      uuid: entry.item_uuid,
      occurred_at: detail?.occurred_at ?? 0,
      title: detail?.title ?? null,
      status: detail?.status ?? "confirmed",
      person_uuids: persons,
      sequence: Number(entry.sequence),
      recorded_at: Number(entry.recorded_at),
      participants: persons.map((person) => ({ person_uuid: person, is_internal: internal.has(person) })),
    };
  });
}

/** Which of these persons are the tenant's own (a user's person). */
async function internalPersons(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<Set<string>> {
  if (personUuids.length === 0) return new Set();
  const rows = await db
    .selectFrom("persons")
    .select("uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", personUuids)
    .where("is_internal", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.uuid));
}
