/**
 * @module
 * Several persons' timeline page (`interactions.timeline` with a company's members): their emails and
 * counted meetings, each once, newest first.
 *
 * The persons' participations do not come in one time order (each person's index runs in its own), so a
 * page read over all of them gathers, de-duplicates and sorts every one: for the largest company of the
 * benchmark's scale L (18,902 members, 217,744 interactions) about 220 ms a page, by offset or by cursor.
 * The page is read instead over a window of time that ends where the page starts, each person's index seeked
 * to it: a window holding the page's rows holds every row before them, so its first rows are the page. The
 * window grows from a month, by how few rows it held, until it holds enough or has no start. That page
 * reads in about 35 ms. An offset page's total still reads every participation (`countTimeline`, about 105
 * ms for that company) unless it is remembered (until a participation changes, migration 0036); it is counted first, and a timeline of at most forty times the rows the page needs
 * (most companies': about 2,000 for a first page of 50) is read whole in one statement, as before, rather
 * than window by window: below that, at L, windows cost as much or more.
 *
 * A company's timeline (`interactions.spanTimeline`) reads the same way over its people's tenure spans: each span
 * seeks its person's indexes within its own time.
 */
import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../database-schema.js";
import { afterKeyCondition, type KeyValues, type Page } from "../pagination/keyset-page.js";
import { rememberedTotal } from "../pagination/remembered-total.js";
import type { RememberedValues } from "../sqlite/generation-cache.js";
import type { TenureSpan, TimelineRequest } from "../store.js";
import {
  countSpanTimeline,
  countTimeline,
  emailParticipations,
  meetingParticipations,
  rangeKey,
  spanEmailParticipations,
  spanMeetingParticipations,
  spansParameter,
  timelinePage,
  timelineRows,
  type OccurredRange,
  type TimelineRow,
} from "./timeline-participations.js";

const DAY_MS = 86_400_000;
/** The first window's length. */
const FIRST_WINDOW_MS = 30 * DAY_MS;
/** A timeline of at most this many times the rows a page needs is read whole: one statement, a small sort. */
const WHOLE_READ_FACTOR = 40;
/** The least and most a window grows by from one asking to the next. */
const LEAST_GROWTH = 4;
const MOST_GROWTH = 64;
/** A window that would reach further back than this has no start: the whole timeline is read. */
const LONGEST_WINDOW_MS = 4_096 * DAY_MS;

/**
 * The page of (kind, uuid, occurred_at) within the request's time range, ordered by `occurred_at` then uuid, both
 * descending. A range bounds every window too: windows are measured back from its end, and one reaching past its
 * start is the last.
 */
export async function groupTimelinePage(
  db: Kysely<Database>,
  tenantUuid: string,
  persons: readonly string[],
  request: TimelineRequest,
  totals: RememberedValues<number> | null = null,
): Promise<Page<TimelineRow>> {
  // The persons as one JSON parameter: a large company's members, bound one by one, pass SQLite's limit of
  // variables.
  const people = sql<string>`(select value from json_each(${JSON.stringify(persons)}))`;
  return pageOf(db, tenantUuid, request, totals, {
    key: groupKey(persons),
    rows: (range, window) => {
      let emails = groupEmails(db, tenantUuid, people, range);
      let meetings = groupMeetings(db, tenantUuid, people, range);
      if (window.start !== null) {
        emails = emails.where("sent_at", ">=", window.start);
        meetings = meetings.where("counted_at", ">=", window.start);
      }
      return afterCursor(emails, meetings, window.after);
    },
    count: (range) => countTimeline(db, tenantUuid, people, range),
  });
}

/**
 * As {@link groupTimelinePage}, of the interactions that fall within one of the spans, each in its person's span:
 * a company's people while they were at it.
 */
export async function spanTimelinePage(
  db: Kysely<Database>,
  tenantUuid: string,
  spans: readonly TenureSpan[],
  request: TimelineRequest,
  totals: RememberedValues<number> | null = null,
): Promise<Page<TimelineRow>> {
  const whole = spansParameter(spans);
  return pageOf(db, tenantUuid, request, totals, {
    key: `spans:${createHash("sha256").update(whole).digest("base64")}`,
    numericWindows: true,
    rows: (range, window) => {
      // Each span cut to the range and the window, so that its person's index is seeked between two bounds, not
      // from one and filtered by another (an open span walked its person's whole history back to the window).
      const start = typeof window.start === "number" ? window.start : undefined;
      const cursorTime = window.after !== null ? Number(window.after[0]) : undefined;
      const parameter = spansParameter(cutSpans(spans, [range.after, start], [range.before, cursorTime]));
      // Typed as the persons' reads: the same columns, over the spans joined first.
      const emails = spanEmailParticipations(db, tenantUuid, parameter) as unknown as GroupEmails;
      const meetings = spanMeetingParticipations(db, tenantUuid, parameter) as unknown as GroupMeetings;
      return afterCursor(emails, meetings, window.after);
    },
    count: (range) => countSpanTimeline(db, tenantUuid, spansParameter(cutSpans(spans, [range.after], [range.before]))),
  });
}

/** The spans cut to start no earlier than every start given and end no later than every end given; those left empty dropped. */
function cutSpans(spans: readonly TenureSpan[], starts: ReadonlyArray<number | undefined>, ends: ReadonlyArray<number | undefined>): TenureSpan[] {
  const latestStart = Math.max(...starts.map((start) => start ?? -Infinity));
  const earliestEnd = Math.min(...ends.map((end) => end ?? Infinity));
  const cut: TenureSpan[] = [];
  for (const span of spans) {
    const from = Math.max(span.from ?? -Infinity, latestStart);
    const to = Math.min(span.to ?? Infinity, earliestEnd);
    if (from <= to) cut.push({ person_uuid: span.person_uuid, from: Number.isFinite(from) ? from : null, to: Number.isFinite(to) ? to : null });
  }
  return cut;
}

/** Each side kept to what comes after the cursor (if any): each seeks its own index to it, as for one person. */
function afterCursor(emails: GroupEmails, meetings: GroupMeetings, after: KeyValues | null): [GroupEmails, GroupMeetings] {
  if (after === null) return [emails, meetings];
  return [
    emails.where(afterKeyCondition([{ column: "sent_at", direction: "desc" }, { column: "email_uuid", direction: "desc" }], after)),
    meetings.where(afterKeyCondition([{ column: "counted_at", direction: "desc" }, { column: "meeting_uuid", direction: "desc" }], after)),
  ];
}

type GroupEmails = ReturnType<typeof groupEmails>;
type GroupMeetings = ReturnType<typeof groupMeetings>;

/** A window of a page's read: after the cursor (if any), from `start` on (null: any time), at most `limit` rows. */
interface TimelineWindow {
  after: KeyValues | null;
  start: number | RawBuilder<number> | null;
  limit: number;
}

/** Whose participations a page reads: its remembered total's key, a window's two reads, and its count. */
interface TimelineGroup {
  key: string;
  /** Windows measured back from a time read first, not from a subquery: the reads cut their spans to the window. */
  numericWindows?: boolean;
  rows(range: OccurredRange, window: TimelineWindow): [GroupEmails, GroupMeetings];
  count(range: OccurredRange): Promise<number>;
}

async function pageOf(
  db: Kysely<Database>,
  tenantUuid: string,
  request: TimelineRequest,
  totals: RememberedValues<number> | null,
  group: TimelineGroup,
): Promise<Page<TimelineRow>> {
  const range: OccurredRange = { after: request.occurredAfter, before: request.occurredBefore };
  const { position } = request;
  const after = position.kind === "after" ? position.key : null;
  const skipped = position.kind === "offset" ? position.offset : 0;
  const wanted = skipped + request.limit + 1;
  const total = position.kind === "offset" ? await rememberedTotal(totals, `${group.key}${rangeKey(range)}`, () => group.count(range)) : null;
  const fetched =
    total !== null && total <= skipped
      ? []
      : total !== null && total <= WHOLE_READ_FACTOR * wanted
        ? await windowRows(db, group, range, { after, start: null, limit: wanted })
        : await readByWindows(db, tenantUuid, group, range, after, wanted);
  return timelinePage(fetched.slice(skipped), request.limit, total);
}

/** The persons as a remembered total's key: a large company's members would make a key of hundreds of kilobytes. */
function groupKey(persons: readonly string[]): string {
  return `group:${createHash("sha256").update([...persons].sort().join(",")).digest("base64")}`;
}

/** The first `wanted` rows in the range after the cursor (if any), read over windows of time that end where they start. */
async function readByWindows(db: Kysely<Database>, tenantUuid: string, group: TimelineGroup, range: OccurredRange, after: KeyValues | null, wanted: number) {
  // Where windows are measured back from: the cursor's time or the range's end (the earlier), or the tenant's
  // newest interaction (read in the window's own statement). Any time would give the same page; this one makes
  // the first window likely to hold it.
  const cursorTime = after !== null ? Number(after[0]) : undefined;
  const newest = cursorTime ?? range.before ?? newestInteractionTime(db, tenantUuid);
  const measuredFrom = group.numericWindows && typeof newest !== "number" ? await timeOf(db, newest) : newest;
  const end = cursorTime !== undefined && range.before !== undefined ? Math.min(cursorTime, range.before) : measuredFrom;
  for (let length = FIRST_WINDOW_MS; ; ) {
    // A window reaching past the range's start is the range's rest: the last one (the range bounds it).
    const reachesStart = range.after !== undefined && typeof end === "number" && end - length <= range.after;
    const start = length > LONGEST_WINDOW_MS || reachesStart || end === null ? null : typeof end === "number" ? end - length : sql<number>`(${end} - ${length})`;
    const fetched = await windowRows(db, group, range, { after, start, limit: wanted });
    if (fetched.length === wanted || start === null) return fetched;
    length *= Math.min(MOST_GROWTH, Math.max(LEAST_GROWTH, Math.ceil((2 * wanted) / Math.max(1, fetched.length))));
  }
}

/** The persons' email participations, once per email. */
const groupEmails = (db: Kysely<Database>, tenantUuid: string, people: RawBuilder<string>, range: OccurredRange) =>
  emailParticipations(db, tenantUuid, range).where("person_uuid", "in", people);
/** The persons' counted meetings; several persons may count in one meeting: listed once. */
const groupMeetings = (db: Kysely<Database>, tenantUuid: string, people: RawBuilder<string>, range: OccurredRange) =>
  meetingParticipations(db, tenantUuid, range).where("person_uuid", "in", people).distinct();

/** The first `limit` rows in the range after the cursor (if any) that occurred at `start` or later (no start: any time). */
async function windowRows(db: Kysely<Database>, group: TimelineGroup, range: OccurredRange, window: TimelineWindow): Promise<TimelineRow[]> {
  const [emails, meetings] = group.rows(range, window);
  // Ordered as a compound: SQLite merges the two sides' own orders rather than sorting their union again.
  const rows = await emails.unionAll(meetings).orderBy("occurred_at", "desc").orderBy("uuid", "desc").limit(window.limit).execute();
  return timelineRows(rows);
}

/** A time subquery's value, read on its own (null: none). */
async function timeOf(db: Kysely<Database>, time: RawBuilder<number>): Promise<number | null> {
  const row = await db.selectNoFrom(sql<number | null>`${time}`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The time of the tenant's newest email or meeting, as a subquery (one seek of each time index; null when none). */
function newestInteractionTime(db: Kysely<Database>, tenantUuid: string): RawBuilder<number> {
  const newest = db
    .selectFrom("emails")
    .select((builder) => builder.fn.max("sent_at").as("at"))
    .where("tenant_uuid", "=", tenantUuid)
    .unionAll(db.selectFrom("meetings").select((builder) => builder.fn.max("starts_at").as("at")).where("tenant_uuid", "=", tenantUuid));
  return sql<number>`(select max(at) from (${newest}))`;
}
