import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActivityItem } from "../activity-records.js";
import type { PageRequest } from "../pagination/keyset-page.js";
import type { Store } from "../store.js";
import { useFreshStore } from "../testing/fresh-store.js";
import { planOnMigratedSchema, readDuring } from "../testing/sqlite-plans.js";
import { seedTimelineActivity, timelineActivityArbitrary } from "../testing/timeline-activity.js";

const fresh = useFreshStore();

const DAY = 86_400_000;
const STRANGER = "00000000-0000-4000-8000-000000000000";
const everything = (limit = 1_000): PageRequest => ({ position: { kind: "offset", offset: 0 }, limit });

/** The statements that read a page's rows (not its total). */
const pageStatements = (sources: readonly string[]) => sources.filter((source) => /union all/i.test(source) && /limit/i.test(source));

/** Each interaction once, newest first, ties by uuid descending: the order a timeline lists in. */
function newestFirst(rows: readonly ActivityItem[]): ActivityItem[] {
  const once = new Map(rows.map((row) => [row.uuid, row]));
  return [...once.values()].sort((left, right) => right.occurred_at - left.occurred_at || (left.uuid < right.uuid ? 1 : left.uuid > right.uuid ? -1 : 0));
}

describe("several persons' timeline", () => {
  it("lists each interaction of any of them once, newest first, whatever the time scale, by offset and by cursor", async () => {
    await fc.assert(
      fc.asyncProperty(
        timelineActivityArbitrary,
        // Steps of 10 ms put everything in the first window; steps of a day, a month and a year need wider
        // windows, the widest one with no start.
        fc.constantFrom(10, DAY, 30 * DAY, 365 * DAY),
        fc.uniqueArray(fc.nat(3), { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        async (activity, stepMs, members, withStranger, limit) => {
          await fresh.reopen();
          const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, activity, stepMs);
          const group = [...members.map((member) => persons[member]!.uuid), ...(withStranger ? [STRANGER] : [])];
          // What each member's own timeline lists (the one-person path), merged.
          const alone = await Promise.all(group.map((uuid) => fresh.store.interactions.timeline(fresh.tenantUuid, [uuid], everything())));
          const expected = newestFirst(alone.flatMap((page) => page.rows));
          const read = (request: PageRequest) => fresh.store.interactions.timeline(fresh.tenantUuid, group, request);
          for (let offset = 0; offset <= expected.length; offset += limit) {
            const page = await read({ position: { kind: "offset", offset }, limit });
            expect(page.rows).toEqual(expected.slice(offset, offset + limit));
            expect(page.hasMore).toBe(offset + limit < expected.length);
            expect(page.total).toBe(expected.length);
          }
          let page = await read({ position: { kind: "offset", offset: 0 }, limit });
          const walked = [...page.rows];
          while (page.hasMore) {
            page = await read({ position: { kind: "after", key: page.lastKey! }, limit });
            expect(page.total).toBeNull();
            walked.push(...page.rows);
          }
          expect(walked).toEqual(expected);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it("reads a busy group's page from one window that ends where the page starts", async () => {
    const week = Array.from({ length: 12 }, (_, at) => ({ from: at % 2, to: 2, ccSelf: false, at }));
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, { emails: week, meetings: [] }, DAY / 4);
    const group = [persons[0]!.uuid, persons[1]!.uuid];
    const first = await fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "offset", offset: 0 }, limit: 3 });
    const sources = await readDuring(() => fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "after", key: first.lastKey! }, limit: 3 }));
    const windows = pageStatements(sources);
    expect(windows).toHaveLength(1);
    const plan = await planOnMigratedSchema(windows[0]!);
    expect(plan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=? AND sent_at>? AND (sent_at,email_uuid)<(?,?))");
    expect(plan).toContain("COVERING INDEX meeting_attendees_person_counted (tenant_uuid=? AND person_uuid=? AND counted_at>? AND (counted_at,meeting_uuid)<(?,?))");
  });

  it("widens the window until it holds the page, and reads the whole timeline when none does", async () => {
    // A decade between the first email and the two others: past the newest, only the window with no start
    // holds the rest of the page.
    const emails = [0, 10, 11].map((at, index) => ({ from: index % 2, to: 2, ccSelf: false, at }));
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, { emails, meetings: [] }, 365 * DAY);
    const group = [persons[0]!.uuid, persons[1]!.uuid];
    const first = await fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "offset", offset: 0 }, limit: 1 });
    let page!: Awaited<ReturnType<Store["interactions"]["timeline"]>>;
    const sources = await readDuring(async () => {
      page = await fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "after", key: first.lastKey! }, limit: 2 });
    });
    expect(page.rows.map((row) => row.occurred_at)).toEqual([3_650 * DAY, 0]);
    const windows = pageStatements(sources);
    expect(windows.length).toBeGreaterThan(1);
    expect(windows.at(-1)).not.toMatch(/>=/);
  });

  it("counts first, and reads a timeline of few more rows than the page whole, in one statement", async () => {
    const emails = Array.from({ length: 6 }, (_, at) => ({ from: at % 2, to: 2, ccSelf: false, at: at * 100 }));
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, { emails, meetings: [] }, DAY);
    const group = [persons[0]!.uuid, persons[1]!.uuid];
    let page!: Awaited<ReturnType<Store["interactions"]["timeline"]>>;
    const sources = await readDuring(async () => {
      page = await fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "offset", offset: 1 }, limit: 2 });
    });
    expect(page.total).toBe(6);
    expect(page.rows.map((row) => row.occurred_at)).toEqual([400 * DAY, 300 * DAY]);
    const reads = pageStatements(sources);
    expect(reads).toHaveLength(1);
    expect(reads[0]).not.toMatch(/>=/);
    expect(sources.some((source) => /max\(/i.test(source))).toBe(false);
    // Past the end, only the count.
    const past = await readDuring(() => fresh.store.interactions.timeline(fresh.tenantUuid, group, { position: { kind: "offset", offset: 6 }, limit: 2 }));
    expect(pageStatements(past)).toHaveLength(0);
  });

  it("reads a timeline of many more rows than the page over windows", async () => {
    // More than forty times the two rows a page of one needs.
    const emails = Array.from({ length: 100 }, (_, at) => ({ from: at % 2, to: 2, ccSelf: false, at }));
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, { emails, meetings: [] }, DAY);
    const group = [persons[0]!.uuid, persons[1]!.uuid];
    let page!: Awaited<ReturnType<Store["interactions"]["timeline"]>>;
    const sources = await readDuring(async () => {
      page = await fresh.store.interactions.timeline(fresh.tenantUuid, group, everything(1));
    });
    expect(page.total).toBe(100);
    expect(page.rows.map((row) => row.occurred_at)).toEqual([99 * DAY]);
    const [window] = pageStatements(sources);
    expect(window).toMatch(/>=/);
    // Measured back from the tenant's newest interaction, read in the same statement; each index seeked.
    expect(sources.filter((source) => /max\(/i.test(source))).toEqual([window]);
    const plan = await planOnMigratedSchema(window!);
    expect(plan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=? AND sent_at>?)");
    expect(plan).toContain("COVERING INDEX meeting_attendees_person_counted (tenant_uuid=? AND person_uuid=? AND counted_at>?)");
  });
});

describe("a company's timeline over its people's tenure spans", () => {
  it("groups each side's rows and merges the two sides' orders: no temporary tree for distinct, no sort of their union", async () => {
    const emails = Array.from({ length: 6 }, (_, at) => ({ from: at % 2, to: 2, ccSelf: true, at: at * 100 }));
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, { emails, meetings: [] }, DAY);
    const spans = [persons[0]!, persons[1]!].map((person) => ({ person_uuid: person.uuid, from: null, to: null }));
    let page!: Awaited<ReturnType<Store["interactions"]["spanTimeline"]>>;
    const sources = await readDuring(async () => {
      page = await fresh.store.interactions.spanTimeline(fresh.tenantUuid, spans, { position: { kind: "offset", offset: 2 }, limit: 2 });
    });
    expect(page.rows.map((row) => row.occurred_at)).toEqual([300 * DAY, 200 * DAY]);
    const [read] = pageStatements(sources);
    // A deep page sorted every row before it twice at benchmark scale M (a temporary tree for distinct, then the union's sort).
    const plan = await planOnMigratedSchema(read!);
    expect(plan).toContain("MERGE (UNION ALL)");
    expect(plan).not.toContain("DISTINCT");
  });
});
