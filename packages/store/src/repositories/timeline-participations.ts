/**
 * @module
 * What a timeline lists, as participations: a person's emails (once each, whatever their roles in it) and
 * the meetings they count in (`counted_at`: confirmed, live and not declined), each as (kind, uuid,
 * occurred_at), read from migration 0024's indexes alone. The callers add which persons.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../database-schema.js";
import type { Page } from "../pagination/keyset-page.js";
import type { TenureSpan } from "../store.js";

/** The time range a timeline keeps (epoch milliseconds, both inclusive); an absent bound is open. */
export interface OccurredRange {
  after?: number | undefined;
  before?: number | undefined;
}

/** The range's key part for a remembered total: the same persons' totals differ by range. */
export function rangeKey(range: OccurredRange): string {
  return range.after === undefined && range.before === undefined ? "" : `@${range.after ?? ""}..${range.before ?? ""}`;
}

/** One listed interaction as a timeline page reads it. */
export interface TimelineRow {
  kind: string;
  uuid: string;
  occurred_at: number | null;
}

/** Rows as SQLite returns them, their times as numbers. */
export function timelineRows(rows: ReadonlyArray<{ kind: string; uuid: string; occurred_at: number | bigint | null }>): TimelineRow[] {
  return rows.map((row) => ({ ...row, occurred_at: row.occurred_at === null ? null : Number(row.occurred_at) }));
}

/** The page of `limit` rows from those read from its start on (one more when there are more). */
export function timelinePage(fromStart: readonly TimelineRow[], limit: number, total: number | null): Page<TimelineRow> {
  const hasMore = fromStart.length > limit;
  const rows = fromStart.slice(0, limit);
  const last = rows.at(-1);
  return { rows, hasMore, total, lastKey: last ? [last.occurred_at, last.uuid] : null };
}

/** The tenant's email participations in the range (no range: all), one row per email and time. */
export function emailParticipations(db: Kysely<Database>, tenantUuid: string, range: OccurredRange = {}) {
  let emails = db
    .selectFrom("email_participants")
    .select(["sent_at as occurred_at", "email_uuid as uuid", sql<string>`'email'`.as("kind")])
    .distinct()
    .where("tenant_uuid", "=", tenantUuid);
  if (range.after !== undefined) emails = emails.where("sent_at", ">=", range.after);
  if (range.before !== undefined) emails = emails.where("sent_at", "<=", range.before);
  return emails;
}

/** The tenant's meeting participations that count, in the range (no range: all); a meeting appears once per person counted in it. */
export function meetingParticipations(db: Kysely<Database>, tenantUuid: string, range: OccurredRange = {}) {
  let meetings = db
    .selectFrom("meeting_attendees")
    .select(["counted_at as occurred_at", "meeting_uuid as uuid", sql<string>`'meeting'`.as("kind")])
    .where("tenant_uuid", "=", tenantUuid)
    .where("counted_at", "is not", null);
  if (range.after !== undefined) meetings = meetings.where("counted_at", ">=", range.after);
  if (range.before !== undefined) meetings = meetings.where("counted_at", "<=", range.before);
  return meetings;
}

/** The farthest times a span's open side reaches (JavaScript's own date limits): every time is between them. */
const EARLIEST = -8_640_000_000_000_000;
const LATEST = 8_640_000_000_000_000;

/**
 * Persons within spans of time as one JSON parameter, an array of `[person_uuid, from, to]`, an open side as the
 * farthest time: what {@link spanEmailParticipations} and {@link spanMeetingParticipations} read.
 */
export function spansParameter(spans: readonly TenureSpan[]): string {
  return JSON.stringify(spans.map((span) => [span.person_uuid, span.from ?? EARLIEST, span.to ?? LATEST]));
}

/** The spans as the table a participation read starts from: `cross join` keeps it first, each span a seek of the index by person and time. */
const spanTable = (spans: string) => sql<{ value: string }>`json_each(${spans})`.as("span");

/** The email participation rows of `spans` (see {@link spansParameter}) within their person's span, and in the range; nothing selected. */
function spanEmailRows(db: Kysely<Database>, tenantUuid: string, spans: string, range: OccurredRange) {
  let emails = db
    .selectFrom(spanTable(spans))
    .crossJoin("email_participants")
    .where("email_participants.tenant_uuid", "=", tenantUuid)
    .where(sql<boolean>`email_participants.person_uuid = json_extract(span.value, '$[0]')`)
    .where(sql<boolean>`email_participants.sent_at between json_extract(span.value, '$[1]') and json_extract(span.value, '$[2]')`);
  if (range.after !== undefined) emails = emails.where("sent_at", ">=", range.after);
  if (range.before !== undefined) emails = emails.where("sent_at", "<=", range.before);
  return emails;
}

/** The counted meeting participation rows of `spans` within their person's span, and in the range; nothing selected. */
function spanMeetingRows(db: Kysely<Database>, tenantUuid: string, spans: string, range: OccurredRange) {
  let meetings = db
    .selectFrom(spanTable(spans))
    .crossJoin("meeting_attendees")
    .where("meeting_attendees.tenant_uuid", "=", tenantUuid)
    .where(sql<boolean>`meeting_attendees.person_uuid = json_extract(span.value, '$[0]')`)
    .where(sql<boolean>`meeting_attendees.counted_at between json_extract(span.value, '$[1]') and json_extract(span.value, '$[2]')`);
  if (range.after !== undefined) meetings = meetings.where("counted_at", ">=", range.after);
  if (range.before !== undefined) meetings = meetings.where("counted_at", "<=", range.before);
  return meetings;
}

/**
 * The emails of `spans` (see {@link spansParameter}) within their person's span, and in the range, as {@link emailParticipations} lists them.
 * Each once by grouping, not `distinct`: a sort, which a page's order then merges (a temporary tree for `distinct`
 * cost more, as for the counts below).
 */
export function spanEmailParticipations(db: Kysely<Database>, tenantUuid: string, spans: string, range: OccurredRange = {}) {
  return spanEmailRows(db, tenantUuid, spans, range).select(["sent_at as occurred_at", "email_uuid as uuid", sql<string>`'email'`.as("kind")]).groupBy(["sent_at", "email_uuid"]);
}

/** The counted meetings of `spans` within their person's span, and in the range, each once (grouped, as the emails). */
export function spanMeetingParticipations(db: Kysely<Database>, tenantUuid: string, spans: string, range: OccurredRange = {}) {
  return spanMeetingRows(db, tenantUuid, spans, range)
    .select(["counted_at as occurred_at", "meeting_uuid as uuid", sql<string>`'meeting'`.as("kind")])
    .groupBy(["counted_at", "meeting_uuid"]);
}

/** How many emails and meetings fall within the spans (see {@link spansParameter}) and the range, each once. */
export async function countSpanTimeline(db: Kysely<Database>, tenantUuid: string, spans: string, range: OccurredRange = {}): Promise<number> {
  const emails = spanEmailRows(db, tenantUuid, spans, range).select(sql<number>`1`.as("one")).groupBy(["sent_at", "email_uuid"]);
  const meetings = spanMeetingRows(db, tenantUuid, spans, range).select(sql<number>`1`.as("one")).groupBy(["counted_at", "meeting_uuid"]);
  const counted = await db
    .selectNoFrom([
      db.selectFrom(emails.as("emails")).select(sql<number>`count(*)`.as("n")).as("emails"),
      db.selectFrom(meetings.as("meetings")).select(sql<number>`count(*)`.as("n")).as("meetings"),
    ])
    .executeTakeFirstOrThrow();
  return Number(counted.emails ?? 0) + Number(counted.meetings ?? 0);
}

/**
 * How many emails and meetings `persons` (one uuid, or a subquery of several) take part in within `range`, each once. The
 * emails (listed once per role of a person) are grouped by their index's (time, uuid): for one person that is
 * the index's own order, with no temporary tree; for several, SQLite sorts the rows, which costs half what
 * de-duplicating them in a temporary tree does (the largest company at the benchmark's scale L: about 105 ms
 * against 215). So are several persons' meetings; one person's are counted as they are, each listed once
 * (grouping them too cost the busiest persons about a fifth more).
 */
export async function countTimeline(db: Kysely<Database>, tenantUuid: string, persons: string | RawBuilder<string>, range: OccurredRange = {}): Promise<number> {
  const operator = typeof persons === "string" ? "=" : "in";
  let emails = db
    .selectFrom("email_participants")
    .select(sql<number>`1`.as("one"))
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", operator, persons)
    .groupBy(["sent_at", "email_uuid"]);
  if (range.after !== undefined) emails = emails.where("sent_at", ">=", range.after);
  if (range.before !== undefined) emails = emails.where("sent_at", "<=", range.before);
  const personsMeetings = meetingParticipations(db, tenantUuid, range).clearSelect().select(sql<number>`1`.as("one")).where("person_uuid", operator, persons);
  const meetings = typeof persons === "string" ? personsMeetings : personsMeetings.groupBy(["counted_at", "meeting_uuid"]);
  const counted = await db
    .selectNoFrom([
      db.selectFrom(emails.as("emails")).select(sql<number>`count(*)`.as("n")).as("emails"),
      db.selectFrom(meetings.as("meetings")).select(sql<number>`count(*)`.as("n")).as("meetings"),
    ])
    .executeTakeFirstOrThrow();
  return Number(counted.emails ?? 0) + Number(counted.meetings ?? 0);
}
