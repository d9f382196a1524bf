/**
 * The tenant-wide activity feed, `GET /v1/activity` (pages of 50, through the app in-process), read as its
 * pollers read it: a poller keeping up (`after_sequence` a few items before the feed's end) and a scan by
 * cursor (the first page, then each next page by `next_cursor`). Against hand-written SQL of the same pages on
 * the same database: the tenant's feed entries after the sequence that some timeline has listed (every email, a
 * meeting once an attendee counted it: migration 0033), the emails' and live meetings' titles, whether each is
 * removed (the email gone, no attendee counting the meeting), the total where the app counts one (a page without
 * a cursor), and the page's participants with their internal flag. Each side is timed after an
 * untimed pass over the same pages, which also checks that both list the same items.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { summarize } from "../statistics.js";
import type { AppClient } from "./persons-list.js";

const PER_PAGE = 50;

/** The feed's entries after `@after` that some person's timeline has listed, as `interactions.feed` reads them. */
const LISTED_SQL = `
with listed as (
  select f.sequence, f.kind, f.item_uuid, f.recorded_at from activity_feed f
  where f.tenant_uuid = @tenant and f.sequence > @after and f.ever_listed = 1
)`;

const PAGE_SQL = `${LISTED_SQL}
select l.sequence, l.kind, l.item_uuid as uuid, l.recorded_at,
  coalesce(e.sent_at, m.starts_at) as occurred_at, coalesce(e.subject, m.title) as title,
  case when l.kind = 'email' then 'confirmed' else m.status end as status,
  case when l.kind = 'email' then e.uuid is null
    else not exists (select 1 from meeting_attendees a where a.meeting_uuid = l.item_uuid and a.counted_at is not null) end as removed
from (select * from listed order by sequence limit ${PER_PAGE + 1}) l
left join emails e on l.kind = 'email' and e.uuid = l.item_uuid
left join meetings m on l.kind = 'meeting' and m.uuid = l.item_uuid and m.deleted_at is null
order by l.sequence`;

const TOTAL_SQL = `${LISTED_SQL} select count(*) as total from listed`;

const PARTICIPANTS_SQL = `
select p.email_uuid as uuid, p.person_uuid, person.is_internal
from email_participants p join persons person on person.uuid = p.person_uuid
where p.email_uuid in (select value from json_each(@uuids))
union all
select a.meeting_uuid, a.person_uuid, person.is_internal
from meeting_attendees a join persons person on person.uuid = a.person_uuid
where a.meeting_uuid in (select value from json_each(@uuids)) and a.response <> 'declined'`;

export interface ActivityFeedOptions {
  app: AppClient;
  apiKey: string;
  databasePath: string;
  tenant: SyntheticTenant;
  /** Polls timed, each `after_sequence` 1 to 50 entries before the feed's end. */
  polls: number;
  /** Pages of the scan by cursor, the first page included. */
  scanPages: number;
}

/** The `after_sequence` of each poll: 1 to `perPage` entries before `lastSequence`, spread evenly, never below 0. */
export function pollPositions(lastSequence: number, polls: number, perPage: number): number[] {
  return Array.from({ length: polls }, (_unused, index) => Math.max(0, lastSequence - (1 + ((index * 17) % perPage))));
}

interface FeedPage {
  sequences: number[];
  nextCursor: string | null;
}

export async function measureActivityFeed(options: ActivityFeedOptions): Promise<MeasurementResult[]> {
  const { app, apiKey, databasePath, tenant, polls, scanPages } = options;
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const page = database.prepare(PAGE_SQL);
    const total = database.prepare(TOTAL_SQL);
    const participants = database.prepare(PARTICIPANTS_SQL);

    const appPage = async (query: string): Promise<FeedPage> => {
      const response = await app.request(`/v1/activity?per_page=${PER_PAGE}${query}`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET /v1/activity?${query} answered ${response.status}`);
      const body = (await response.json()) as { items: Array<{ sequence: number }>; next_cursor: string | null };
      return { sequences: body.items.map((item) => item.sequence), nextCursor: body.next_cursor };
    };
    /** The SQL's page after `after`; `counted` as the app counts a page asked without a cursor. */
    const sqlPage = (after: number, counted: boolean): number[] => {
      const parameters = { tenant: tenant.tenantUuid, after };
      const rows = (page.all(parameters) as Array<{ sequence: number; uuid: string }>).slice(0, PER_PAGE);
      const count = counted ? total.get(parameters) : null;
      const named = participants.all({ uuids: JSON.stringify(rows.map((row) => row.uuid)) });
      JSON.stringify({ items: rows, total: count, named, has_more: rows.length === PER_PAGE });
      return rows.map((row) => row.sequence);
    };
    const timed = async <Result>(durations: number[], operation: () => Promise<Result> | Result): Promise<Result> => {
      const started = performance.now();
      const result = await operation();
      durations.push(performance.now() - started);
      return result;
    };
    const checkSame = (what: string, appSequences: number[], sqlSequences: number[]) => {
      if (appSequences.join() !== sqlSequences.join()) throw new Error(`${what}: the SQL listed other items than GET /v1/activity`);
    };

    // A poller keeping up: 1 to 50 entries recorded since its last poll, so at most one page.
    const { last } = database.prepare("select max(sequence) as last from activity_feed where tenant_uuid = ?").get(tenant.tenantUuid) as { last: number };
    const afters = pollPositions(last, polls, PER_PAGE);
    for (const after of afters) checkSame(`after_sequence=${after}`, (await appPage(`&after_sequence=${after}`)).sequences, sqlPage(after, true));
    const pollDurations: number[] = [];
    for (const after of afters) await timed(pollDurations, () => appPage(`&after_sequence=${after}`));
    const pollBaselineDurations: number[] = [];
    for (const after of afters) await timed(pollBaselineDurations, () => sqlPage(after, true));

    // A scan by cursor from the feed's start: the first page counts the whole feed's total, as the app's does.
    const scanApp = async (durations: number[] | null): Promise<number[][]> => {
      const pages: number[][] = [];
      let cursor: string | null = null;
      for (let index = 0; index < scanPages && (index === 0 || cursor !== null); index++) {
        const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
        const read: FeedPage = durations ? await timed(durations, () => appPage(query)) : await appPage(query);
        pages.push(read.sequences);
        cursor = read.nextCursor;
      }
      return pages;
    };
    const scanSql = async (durations: number[] | null, pageCount: number): Promise<number[][]> => {
      const pages: number[][] = [];
      let after = 0;
      for (let index = 0; index < pageCount; index++) {
        const sequences = durations ? await timed(durations, () => sqlPage(after, index === 0)) : sqlPage(after, index === 0);
        pages.push(sequences);
        after = sequences.at(-1) ?? after;
      }
      return pages;
    };
    const appScan = await scanApp(null);
    const sqlScan = await scanSql(null, appScan.length);
    appScan.forEach((sequences, index) => checkSame(`scan page ${index + 1}`, sequences, sqlScan[index]!));
    const scanDurations: number[] = [];
    await scanApp(scanDurations);
    const scanBaselineDurations: number[] = [];
    await scanSql(scanBaselineDurations, appScan.length);

    const poll = summarize(pollDurations);
    const pollBaseline = summarize(pollBaselineDurations);
    const scan = summarize(scanDurations);
    const scanBaseline = summarize(scanBaselineDurations);
    const baselineLabel = "hand-written SQL of the same page: the feed's entries after the sequence, their emails' and meetings' titles, whether each is removed";
    return [
      {
        id: "activity-list-feed-poll",
        title: `GET /v1/activity, a poller keeping up (after_sequence near the end, per_page ${PER_PAGE})`,
        subject: { label: `the app in-process, ${afters.length} polls`, summary: poll },
        baseline: { label: `${baselineLabel}, the total and the page's participants`, summary: pollBaseline },
        speedRatio: speedRatioOf(poll, pollBaseline),
        targets: [],
        figures: { baselineP95Ms: pollBaseline.p95Ms, lastSequence: last },
        notes: [
          `each poll passes after_sequence 1 to ${PER_PAGE} entries before the feed's last sequence (lastSequence), without a cursor, so the app also counts the items after it (total); the SQL counts them too`,
          "each side asks every poll once untimed first (the file's pages read, the two answers checked to list the same items), then once timed",
        ],
      },
      {
        id: "activity-list-feed-scan",
        title: `GET /v1/activity, a scan by cursor (pages of ${PER_PAGE})`,
        subject: { label: `the app in-process, the first ${appScan.length} pages by next_cursor`, summary: scan },
        baseline: { label: `${baselineLabel} (keyset on the previous page's last sequence), the page's participants`, summary: scanBaseline },
        speedRatio: speedRatioOf(scan, scanBaseline),
        targets: [],
        figures: {
          baselineP95Ms: scanBaseline.p95Ms,
          // The first page, asked without a cursor, counts the whole feed: both sides pay it once per scan.
          firstPageMs: scanDurations[0]!,
          baselineFirstPageMs: scanBaselineDurations[0]!,
        },
        notes: [
          "the scan starts at the feed's beginning with no parameter; its first page counts the whole feed's total (firstPageMs, baselineFirstPageMs), later pages follow next_cursor and count nothing",
          "each side scans once untimed first (the two scans checked to list the same items page by page), then once timed; every page is a sample",
        ],
      },
    ];
  } finally {
    database.close();
  }
}
