import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageRequest } from "../pagination/keyset-page.js";
import { useFreshStore } from "../testing/fresh-store.js";
import { planOnMigratedSchema, readDuring } from "../testing/sqlite-plans.js";
import { seedTimelineActivity, timelineActivityArbitrary, type TimelineActivity } from "../testing/timeline-activity.js";

const fresh = useFreshStore();

const seedActivity = (activity: TimelineActivity) => seedTimelineActivity(fresh.store, fresh.tenantUuid, activity);

const STRANGER = "00000000-0000-4000-8000-000000000000";

describe("a person's timeline", () => {
  it("lists what the group timeline lists for the person alone, page by page, by offset and by cursor", async () => {
    await fc.assert(
      fc.asyncProperty(timelineActivityArbitrary, fc.integer({ min: 1, max: 5 }), async (activity, limit) => {
        await fresh.reopen();
        const persons = await seedActivity(activity);
        for (const person of persons) {
          const alone = (request: PageRequest) => fresh.store.interactions.timeline(fresh.tenantUuid, [person.uuid], request);
          // A stranger with no activity makes it a group of two: the general path, each interaction once.
          const inGroup = (request: PageRequest) => fresh.store.interactions.timeline(fresh.tenantUuid, [person.uuid, STRANGER], request);
          const whole = await inGroup({ position: { kind: "offset", offset: 0 }, limit: 1_000 });
          expect(new Set(whole.rows.map((row) => row.uuid)).size).toBe(whole.rows.length);
          expect(await alone({ position: { kind: "offset", offset: 0 }, limit: 1_000 })).toEqual(whole);
          for (let offset = 0; offset <= whole.rows.length; offset += limit) {
            expect(await alone({ position: { kind: "offset", offset }, limit })).toEqual(await inGroup({ position: { kind: "offset", offset }, limit }));
          }
          let page = await alone({ position: { kind: "offset", offset: 0 }, limit });
          const walked = [...page.rows];
          while (page.hasMore) {
            const request: PageRequest = { position: { kind: "after", key: page.lastKey! }, limit };
            page = await alone(request);
            expect(page).toEqual(await inGroup(request));
            walked.push(...page.rows);
          }
          expect(walked).toEqual(whole.rows);
        }
      }),
      { numRuns: 25, seed: 7 },
    );
  });

  it("lists an email sent to its own sender once", async () => {
    const [ada, bob] = await seedActivity({ emails: [{ from: 0, to: 1, ccSelf: true, at: 1 }], meetings: [] });
    const page = await fresh.store.interactions.timeline(fresh.tenantUuid, [ada!.uuid], { position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(page.total).toBe(1);
    expect(page.rows.map((row) => [row.kind, row.occurred_at, row.person_uuids.sort()])).toEqual([["email", 10, [ada!.uuid, bob!.uuid].sort()]]);
  });

  it("reads the person's page in the indexes' order and counts it without sorting", async () => {
    const [ada] = await seedActivity({
      emails: [
        { from: 0, to: 1, ccSelf: true, at: 1 },
        { from: 1, to: 0, ccSelf: false, at: 2 },
      ],
      meetings: [{ attendees: [{ person: 0, declined: false }], at: 3, cancelled: false, movedTo: null, deleted: false }],
    });
    const sources = await readDuring(() => fresh.store.interactions.timeline(fresh.tenantUuid, [ada!.uuid], { position: { kind: "offset", offset: 2 }, limit: 5 }));
    const page = sources.find((source) => /union all/i.test(source) && /limit/i.test(source));
    const total = sources.find((source) => /count\(\*\)/i.test(source));
    expect(page).toBeDefined();
    expect(total).toBeDefined();
    const pagePlan = await planOnMigratedSchema(page!);
    expect(pagePlan).toContain("MERGE (UNION ALL)");
    expect(pagePlan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
    expect(pagePlan).toContain("COVERING INDEX meeting_attendees_person_counted");
    expect(pagePlan).not.toContain("FOR ORDER BY");
    const totalPlan = await planOnMigratedSchema(total!);
    expect(totalPlan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
    expect(totalPlan).not.toContain("TEMP B-TREE");
  });
});
