/**
 * @module
 * Reading activity back: every interaction of a tenant as the graph consumes it (streamed, for
 * hydration), one interaction by id (for incremental updates), timelines for persons, and the tenant-wide feed.
 */
import type { Kysely } from "kysely";
import type { ActivityItem, InteractionRecord, MeetingStatus } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import type { Page } from "../pagination/keyset-page.js";
import type { InteractionRepository, TimelineRequest } from "../store.js";
import { activityFeedPage } from "./activity-feed.js";
import { PERSON_PAGE_PLAN } from "./activity-feed-person-page.js";
import { itemDetailsOf } from "./activity-item-details.js";
import { participantsOf } from "./activity-participants.js";
import { groupTimelinePage, spanTimelinePage } from "./group-timeline.js";
import { emailRecords, interactionsByIds, meetingRecords } from "./interaction-records.js";
import { personTimelinePage } from "./person-timeline.js";
import type { TimelineRow } from "./timeline-participations.js";
import type { RepositoryContext } from "./repository-context.js";

/** Streams rows of `(id, ...)` ordered by id and folds consecutive rows of the same id into one record. */
async function* groupById<Row extends { id: string }, Out>(
  rows: AsyncIterable<Row>,
  start: (row: Row) => Out,
  add: (record: Out, row: Row) => void,
): AsyncGenerator<Out> {
  let currentId: string | null = null;
  let current: Out | null = null;
  for await (const row of rows) {
    if (row.id !== currentId) {
      if (current !== null) yield current;
      currentId = row.id;
      current = start(row);
    }
    add(current as Out, row);
  }
  if (current !== null) yield current;
}

function emailRows(db: Kysely<Database>, tenantUuid: string, emailUuid?: string) {
  let query = db
    .selectFrom("emails")
    .innerJoin("email_participants", "email_participants.email_uuid", "emails.uuid")
    .select([
      "emails.uuid as id",
      "emails.sent_at as occurred_at",
      "emails.subject as title",
      "emails.from_person_uuid as initiator",
      "email_participants.person_uuid as person",
      "email_participants.role as role",
    ])
    .where("emails.tenant_uuid", "=", tenantUuid);
  if (emailUuid) query = query.where("emails.uuid", "=", emailUuid);
  // Rows of one email must come together; in (sent_at, uuid) order they do, and the (tenant_uuid,
  // sent_at) index gives that order with a sort only among equal times (by uuid alone, every row of the
  // tenant would be sorted before the first came out).
  return query.orderBy("emails.sent_at").orderBy("emails.uuid");
}

function meetingRows(db: Kysely<Database>, tenantUuid: string, meetingUuid?: string) {
  let query = db
    .selectFrom("meetings")
    .leftJoin("meeting_attendees", "meeting_attendees.meeting_uuid", "meetings.uuid")
    .select([
      "meetings.uuid as id",
      "meetings.starts_at as occurred_at",
      "meetings.title as title",
      "meetings.status as status",
      "meetings.organizer_person_uuid as initiator",
      "meeting_attendees.person_uuid as person",
      "meeting_attendees.response as response",
    ])
    .where("meetings.tenant_uuid", "=", tenantUuid)
    .where("meetings.deleted_at", "is", null);
  if (meetingUuid) query = query.where("meetings.uuid", "=", meetingUuid);
  // The (tenant_uuid, starts_at, uuid) index gives this order without a sort.
  return query.orderBy("meetings.starts_at").orderBy("meetings.uuid");
}

function foldEmails<Row extends { id: string; occurred_at: number; title: string | null; initiator: string; person: string; role: string }>(
  rows: AsyncIterable<Row>,
) {
  return groupById<Row, InteractionRecord>(
    rows,
    (row) => ({
      id: row.id,
      kind: "email",
      occurred_at: Number(row.occurred_at),
      initiator_person_uuid: row.initiator,
      participant_person_uuids: [],
      status: "confirmed",
      title: row.title,
    }),
    (record, row) => {
      if (row.role !== "from") record.participant_person_uuids.push(row.person);
    },
  );
}

function foldMeetings<
  Row extends { id: string; occurred_at: number; title: string; status: string; initiator: string | null; person: string | null; response: string | null },
>(rows: AsyncIterable<Row>) {
  return groupById<Row, InteractionRecord>(
    rows,
    (row) => ({
      id: row.id,
      kind: "meeting",
      occurred_at: Number(row.occurred_at),
      initiator_person_uuid: row.initiator,
      participant_person_uuids: [],
      status: row.status as MeetingStatus,
      title: row.title,
    }),
    (record, row) => {
      if (row.person && row.response !== "declined" && row.person !== record.initiator_person_uuid) {
        record.participant_person_uuids.push(row.person);
      }
      // An organizer who declined (only a merge makes one) takes no part either.
      if (row.person && row.response === "declined" && row.person === record.initiator_person_uuid) record.initiator_person_uuid = null;
    },
  );
}

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/** Interactions read per page when a whole tenant is read. */
const PAGE = 2_000;

/**
 * Every email of the tenant, in (sent_at, uuid) pages: one query for a page of emails (seeking
 * from the last one through the (tenant_uuid, sent_at) index), one for their participants. Pages of
 * arrays, not a row stream: streaming went through several async layers for every joined row, which
 * cost more than reading the rows (a 2M-interaction tenant: a minute instead of seconds).
 */
async function* emailPages(db: Kysely<Database>, tenantUuid: string): AsyncGenerator<InteractionRecord[]> {
  let after: { at: number; uuid: string } | null = null;
  for (;;) {
    let query = db.selectFrom("emails").select(["uuid", "sent_at", "subject", "from_person_uuid"]).where("tenant_uuid", "=", tenantUuid);
    if (after !== null) {
      const { at, uuid } = after;
      query = query.where("sent_at", ">=", at).where((builder) => builder.or([builder("sent_at", ">", at), builder("uuid", ">", uuid)]));
    }
    const emails = await query.orderBy("sent_at").orderBy("uuid").limit(PAGE).execute();
    if (emails.length === 0) return;
    const records = await emailRecords(db, emails);
    yield records;
    if (emails.length < PAGE) return;
    const last = emails[emails.length - 1]!;
    after = { at: Number(last.sent_at), uuid: last.uuid };
  }
}

/** Every live meeting of the tenant in (starts_at, uuid) pages, with its attendees (declined ones and the organizer left out). */
async function* meetingPages(db: Kysely<Database>, tenantUuid: string): AsyncGenerator<InteractionRecord[]> {
  let after: { at: number; uuid: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom("meetings")
      .select(["uuid", "starts_at", "title", "status", "organizer_person_uuid"])
      .where("tenant_uuid", "=", tenantUuid)
      .where("deleted_at", "is", null);
    if (after !== null) {
      const { at, uuid } = after;
      query = query.where("starts_at", ">=", at).where((builder) => builder.or([builder("starts_at", ">", at), builder("uuid", ">", uuid)]));
    }
    const meetings = await query.orderBy("starts_at").orderBy("uuid").limit(PAGE).execute();
    if (meetings.length === 0) return;
    const records = await meetingRecords(db, meetings);
    yield records;
    if (meetings.length < PAGE) return;
    const last = meetings[meetings.length - 1]!;
    after = { at: Number(last.starts_at), uuid: last.uuid };
  }
}

/**
 * Every email and live meeting `personUuid` takes part in, in the order `inTimeOrder` gives the whole tenant's:
 * by time, an email before a meeting at the same time, then by uuid. Read from the participation indexes, then by
 * key (`interactionsByIds`), so the cost follows the person's activity, not the tenant's.
 */
async function* interactionsOfPerson(db: Kysely<Database>, tenantUuid: string, personUuid: string): AsyncGenerator<InteractionRecord> {
  const emailIds = await db
    .selectFrom("email_participants")
    .select("email_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .execute();
  const meetingIds = await db
    .selectFrom("meeting_attendees")
    .select("meeting_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .execute();
  const emails = [...(await interactionsByIds(db, tenantUuid, "email", emailIds.map((row) => row.email_uuid))).values()];
  const meetings = [...(await interactionsByIds(db, tenantUuid, "meeting", meetingIds.map((row) => row.meeting_uuid))).values()];
  const byTimeThenUuid = (left: InteractionRecord, right: InteractionRecord) =>
    left.occurred_at - right.occurred_at || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
  emails.sort(byTimeThenUuid);
  meetings.sort(byTimeThenUuid);
  yield* inTimeOrder(fromArray([emails]), fromArray([meetings]));
}

/**
 * The records of two page streams, each in time order, as one stream in time order (at equal times, the
 * first stream's first). A graph hydrated in time order keeps each person's interactions in time order,
 * which lets a busy person's questions about a window of time read only that window.
 */
async function* inTimeOrder(first: AsyncGenerator<InteractionRecord[]>, second: AsyncGenerator<InteractionRecord[]>): AsyncGenerator<InteractionRecord> {
  const nextPage = async (pages: AsyncGenerator<InteractionRecord[]>) => {
    const next = await pages.next();
    return next.done ? null : next.value;
  };
  let left = await nextPage(first);
  let right = await nextPage(second);
  let leftAt = 0;
  let rightAt = 0;
  while (left !== null || right !== null) {
    if (left !== null && leftAt >= left.length) {
      left = await nextPage(first);
      leftAt = 0;
    } else if (right !== null && rightAt >= right.length) {
      right = await nextPage(second);
      rightAt = 0;
    } else if (right === null || (left !== null && left[leftAt]!.occurred_at <= right[rightAt]!.occurred_at)) {
      yield left![leftAt++]!;
    } else {
      yield right[rightAt++]!;
    }
  }
}

/** A timeline page with nothing on it: its total 0 when asked by offset. */
function emptyTimeline(request: TimelineRequest): Page<ActivityItem> {
  return { rows: [], hasMore: false, total: request.position.kind === "offset" ? 0 : null, lastKey: null };
}

/** A timeline page's rows as activity items: their titles and participants read. */
async function timelineItems(db: Kysely<Database>, tenantUuid: string, page: Page<TimelineRow>): Promise<Page<ActivityItem>> {
  const items = page.rows.map((row) => ({ kind: row.kind as ActivityItem["kind"], uuid: row.uuid }));
  const details = await itemDetailsOf(db, tenantUuid, items);
  const participants = await participantsOf(db, items);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      kind: row.kind as ActivityItem["kind"],
      uuid: row.uuid,
      occurred_at: Number(row.occurred_at),
      title: details.get(row.uuid)?.title ?? null,
      // Only confirmed meetings count (`counted_at`); an email has no status of its own.
      status: "confirmed" as MeetingStatus,
      person_uuids: participants.get(row.uuid) ?? [],
    })),
  };
}

export function createInteractionRepository({ db, remembered }: RepositoryContext): InteractionRepository {
  /** The tenant's remembered timeline and feed totals; none inside a transaction. */
  const totalsOf = (tenantUuid: string) => (remembered && !db.isTransaction ? remembered.timelineTotals.valuesOf(tenantUuid) : null);
  return {
    all: (tenantUuid) => inTimeOrder(emailPages(db, tenantUuid), meetingPages(db, tenantUuid)),
    allOf: (tenantUuid, personUuid) => interactionsOfPerson(db, tenantUuid, personUuid),
    async get(tenantUuid, kind, id) {
      const records =
        kind === "email"
          ? foldEmails(fromArray(await emailRows(db, tenantUuid, id).execute()))
          : foldMeetings(fromArray(await meetingRows(db, tenantUuid, id).execute()));
      for await (const record of records) return record;
      return null;
    },
    async timeline(tenantUuid, personUuids, request) {
      if (personUuids.length === 0) return emptyTimeline(request);
      const persons = [...new Set(personUuids)];
      const totals = totalsOf(tenantUuid);
      const page =
        persons.length === 1 ? await personTimelinePage(db, tenantUuid, persons[0]!, request, totals) : await groupTimelinePage(db, tenantUuid, persons, request, totals);
      return timelineItems(db, tenantUuid, page);
    },
    async spanTimeline(tenantUuid, spans, request) {
      if (spans.length === 0) return emptyTimeline(request);
      const totals = totalsOf(tenantUuid);
      const [only] = spans;
      if (spans.length > 1 || only === undefined) return timelineItems(db, tenantUuid, await spanTimelinePage(db, tenantUuid, spans, request, totals));
      // One span: the person's own timeline over the span and the range together, read as that person's is.
      const occurredAfter = Math.max(request.occurredAfter ?? -Infinity, only.from ?? -Infinity);
      const occurredBefore = Math.min(request.occurredBefore ?? Infinity, only.to ?? Infinity);
      if (occurredAfter > occurredBefore) return emptyTimeline(request);
      const within = { ...request, occurredAfter: Number.isFinite(occurredAfter) ? occurredAfter : undefined, occurredBefore: Number.isFinite(occurredBefore) ? occurredBefore : undefined };
      return timelineItems(db, tenantUuid, await personTimelinePage(db, tenantUuid, only.person_uuid, within, totals));
    },
    feed: (tenantUuid, request) => activityFeedPage(db, tenantUuid, request, PERSON_PAGE_PLAN, totalsOf(tenantUuid)),
  };
}
