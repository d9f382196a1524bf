/** Timelines kept to a time range (`occurredAfter`, `occurredBefore`): what they list, count and how they read at scale L. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { TimelineRequest } from "../store.js";
import { useFreshStore } from "../testing/fresh-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring, tenantWalksIn } from "../testing/sqlite-plans.js";
import { seedTimelineActivity, timelineActivityArbitrary } from "../testing/timeline-activity.js";

const fresh = useFreshStore();
const folder = mkdtempSync(join(tmpdir(), "rapport-timeline-range-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DAY = 86_400_000;

describe("a timeline kept to a time range", () => {
  it("lists and counts exactly the unfiltered timeline's items in the range, both bounds inclusive, by offset and by cursor, one person or several", async () => {
    await fc.assert(
      fc.asyncProperty(
        timelineActivityArbitrary,
        fc.constantFrom(10, DAY, 30 * DAY, 365 * DAY),
        fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 3 }),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        async (activity, stepMs, members, afterStep, beforeStep, limit) => {
          await fresh.reopen();
          const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, activity, stepMs);
          const group = members.map((member) => persons[member]!.uuid);
          const occurredAfter = afterStep === undefined ? undefined : afterStep * stepMs;
          const occurredBefore = beforeStep === undefined ? undefined : beforeStep * stepMs;
          const read = (request: TimelineRequest) => fresh.store.interactions.timeline(fresh.tenantUuid, group, request);
          // The whole timeline first: its total is remembered, and must not stand for the range's.
          const whole = await read({ position: { kind: "offset", offset: 0 }, limit: 1_000 });
          const expected = whole.rows.filter(
            (row) => (occurredAfter === undefined || row.occurred_at >= occurredAfter) && (occurredBefore === undefined || row.occurred_at <= occurredBefore),
          );
          const range = { occurredAfter, occurredBefore };
          for (let offset = 0; offset <= expected.length; offset += limit) {
            const page = await read({ position: { kind: "offset", offset }, limit, ...range });
            expect(page.rows).toEqual(expected.slice(offset, offset + limit));
            expect(page.hasMore).toBe(offset + limit < expected.length);
            expect(page.total).toBe(expected.length);
          }
          let page = await read({ position: { kind: "offset", offset: 0 }, limit, ...range });
          const walked = [...page.rows];
          while (page.hasMore) {
            page = await read({ position: { kind: "after", key: page.lastKey! }, limit, ...range });
            walked.push(...page.rows);
          }
          expect(walked).toEqual(expected);
        },
      ),
      { numRuns: 40, seed: 7 },
    );
  });

  it("seeks each person's time indexes to the range under statistics like scale L's, never walking the tenant", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => 200 * DAY });
    let sources: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      // More than forty times a page of one: the group page reads over windows.
      const emails = Array.from({ length: 100 }, (_, at) => ({ from: at % 2, to: 2, ccSelf: false, at }));
      const persons = await seedTimelineActivity(store, tenantUuid, { emails, meetings: [] }, DAY);
      const group = [persons[0]!.uuid, persons[1]!.uuid];
      const range = { occurredAfter: 10 * DAY, occurredBefore: 95 * DAY };
      sources = await readDuring(async () => {
        const page = await store.interactions.timeline(tenantUuid, group, { position: { kind: "offset", offset: 0 }, limit: 1, ...range });
        expect(page.rows.map((row) => row.occurred_at)).toEqual([95 * DAY]);
        expect(page.total).toBe(86);
        const next = await store.interactions.timeline(tenantUuid, group, { position: { kind: "after", key: page.lastKey! }, limit: 1, ...range });
        expect(next.rows.map((row) => row.occurred_at)).toEqual([94 * DAY]);
        const alone = await store.interactions.timeline(tenantUuid, [persons[0]!.uuid], { position: { kind: "offset", offset: 0 }, limit: 1, ...range });
        expect(alone.rows.map((row) => row.occurred_at)).toEqual([94 * DAY]);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["email_participants", "meeting_attendees", "emails", "meetings"]);
      const reads = sources.filter((source) => /"email_participants"/.test(source) && /"sent_at" <= \?/.test(source));
      // Two group pages (a window each), a group count, a person's page and count.
      expect(reads.length).toBeGreaterThanOrEqual(5);
      for (const source of reads) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), plan).toEqual([]);
        expect(plan).toMatch(/COVERING INDEX email_participants_person_sent \(tenant_uuid=\? AND person_uuid=\? AND sent_at>\? AND sent_at<\?/);
        expect(plan).toMatch(/COVERING INDEX meeting_attendees_person_counted \(tenant_uuid=\? AND person_uuid=\? AND counted_at>\? AND counted_at<\?/);
      }
    } finally {
      sqlite.close();
    }
  });
});
