import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { PageRequest } from "../pagination/keyset-page.js";
import type { Person } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { useFreshStore } from "../testing/fresh-store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { readDuring, readsMatchingDuring } from "../testing/sqlite-plans.js";
import { TIMELINE_TABLES } from "../sqlite/migrations/0036-timeline-generations.js";
import { seedTimelineActivity, TIMELINE_PERSON_NAMES } from "../testing/timeline-activity.js";

const fresh = useFreshStore();
const folder = mkdtempSync(join(tmpdir(), "rapport-timeline-totals-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const firstPage: PageRequest = { position: { kind: "offset", offset: 0 }, limit: 2 };
const secondPage: PageRequest = { position: { kind: "offset", offset: 2 }, limit: 2 };
const COUNTING = /count\(\*\)/i;

/** Every total a numbered page of the persons' timelines and feeds gives, as the store answers them. */
async function totalsOf(store: Store, tenantUuid: string, persons: readonly Person[]): Promise<Array<number | null>> {
  const uuids = persons.map((person) => person.uuid);
  const feeds: ActivityFeedRequest[] = [{ ...firstPage }, { ...firstPage, kind: "meeting" }, ...uuids.map((personUuid) => ({ ...firstPage, personUuid }))];
  return [
    ...(await Promise.all(uuids.map(async (uuid) => (await store.interactions.timeline(tenantUuid, [uuid], firstPage)).total))),
    (await store.interactions.timeline(tenantUuid, uuids, firstPage)).total,
    ...(await Promise.all(feeds.map(async (request) => (await store.interactions.feed(tenantUuid, request)).total))),
  ];
}

/** The same totals counted afresh: nothing is remembered inside a transaction. */
const countedTotalsOf = (store: Store, tenantUuid: string, persons: readonly Person[]) => store.transaction((inside) => totalsOf(inside, tenantUuid, persons));

const ACTIVITY = {
  emails: [
    { from: 0, to: 1, ccSelf: false, at: 1 },
    { from: 1, to: 0, ccSelf: true, at: 2 },
    { from: 0, to: 2, ccSelf: false, at: 3 },
  ],
  meetings: [{ attendees: [{ person: 0, declined: false }, { person: 1, declined: false }], at: 4, cancelled: false, movedTo: null, deleted: false }],
};

describe("remembered timeline and feed totals", () => {
  it("are counted once while nothing they count changes", async () => {
    const [ada, bob] = await seedTimelineActivity(fresh.store, fresh.tenantUuid, ACTIVITY);
    const pages = () =>
      Promise.all([
        fresh.store.interactions.timeline(fresh.tenantUuid, [ada!.uuid], secondPage),
        fresh.store.interactions.timeline(fresh.tenantUuid, [ada!.uuid, bob!.uuid], secondPage),
        fresh.store.interactions.feed(fresh.tenantUuid, { ...secondPage, personUuid: ada!.uuid }),
        fresh.store.interactions.feed(fresh.tenantUuid, secondPage),
      ]);
    expect(await readsMatchingDuring(COUNTING, pages)).toBeGreaterThanOrEqual(4);
    expect(await readsMatchingDuring(COUNTING, pages)).toBe(0);
    expect((await pages()).map((page) => page.total)).toEqual([4, 4, 4, 4]);
  });

  it("are counted only from tables whose every write raises their generation", async () => {
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, ACTIVITY);
    const counting = (await readDuring(() => totalsOf(fresh.store, fresh.tenantUuid, persons))).filter((source) => COUNTING.test(source));
    const tables = new Set(counting.flatMap((source) => [...source.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((match) => match[1]!)));
    expect(tables.size).toBeGreaterThan(0);
    expect([...tables].filter((table) => !(TIMELINE_TABLES as readonly string[]).includes(table))).toEqual([]);
  });

  it("follow every write that changes what they count", async () => {
    const write = fc.oneof(
      fc.record({ kind: fc.constant("email" as const), from: fc.nat(3), to: fc.nat(3), ccSelf: fc.boolean(), at: fc.nat(20) }),
      fc.record({ kind: fc.constant("meeting" as const), persons: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 3 }), at: fc.nat(20), cancelled: fc.boolean() }),
      fc.record({ kind: fc.constant("cancel" as const), meeting: fc.nat(), status: fc.constantFrom("cancelled" as const, "confirmed" as const) }),
      fc.record({ kind: fc.constant("decline" as const), meeting: fc.nat() }),
      fc.record({ kind: fc.constant("delete" as const), meeting: fc.nat() }),
      fc.record({ kind: fc.constant("merge" as const), canonical: fc.nat(3), superseded: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        await fresh.reopen();
        const { store, tenantUuid } = fresh;
        const persons = await seedTimelineActivity(store, tenantUuid, ACTIVITY);
        const meetings: string[] = [];
        let live = [...persons];
        for (const [index, change] of writes.entries()) {
          // Remembered now, so that a write the totals miss leaves one out of step.
          expect(await totalsOf(store, tenantUuid, live)).toEqual(await countedTotalsOf(store, tenantUuid, live));
          // Only live persons take part: a merged-away one is not found.
          const person = (at: number) => live[at % live.length]!.uuid;
          const meeting = meetings.length === 0 || !("meeting" in change) ? null : meetings[change.meeting % meetings.length]!;
          if (change.kind === "email") {
            await store.emails.ingest(tenantUuid, {
              message_id: `w${index}`,
              sent_at: change.at * 10,
              from: { person_uuid: person(change.from) },
              to: [{ person_uuid: person(change.to) }],
              cc: change.ccSelf ? [{ person_uuid: person(change.from) }] : [],
            });
          } else if (change.kind === "meeting") {
            const attendees = change.persons.map((at) => ({ person_uuid: person(at) }));
            meetings.push((await store.meetings.create(tenantUuid, { title: `W${index}`, starts_at: change.at * 10, status: change.cancelled ? "cancelled" : "confirmed", attendees })).uuid);
          } else if (change.kind === "cancel" && meeting) {
            await store.meetings.update(tenantUuid, meeting, { status: change.status });
          } else if (change.kind === "decline" && meeting) {
            const current = await store.meetings.get(tenantUuid, meeting);
            if (current) await store.meetings.update(tenantUuid, meeting, { attendees: current.attendees.map((attendee, at) => ({ person_uuid: attendee.person_uuid, response: at === 0 ? "declined" : attendee.response })) });
          } else if (change.kind === "delete" && meeting) {
            await store.meetings.delete(tenantUuid, meeting);
          } else if (change.kind === "merge") {
            const [canonical, superseded] = [live[change.canonical % live.length]!, live[change.superseded % live.length]!];
            if (canonical === superseded) continue;
            await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, preview: false, merged_by_user_uuid: null });
            live = live.filter((candidate) => candidate !== superseded);
          }
        }
        expect(await totalsOf(store, tenantUuid, live)).toEqual(await countedTotalsOf(store, tenantUuid, live));
      }),
      { numRuns: 30, seed: 36 },
    );
  });

  it("follow a write another connection commits", async () => {
    const path = join(folder, "shared.db");
    const reader = await createSqliteStore({ path });
    const writer = await createSqliteStore({ path });
    try {
      const tenantUuid = (await reader.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const persons = await seedTimelineActivity(reader, tenantUuid, ACTIVITY);
      const before = await totalsOf(reader, tenantUuid, persons);
      await writer.emails.ingest(tenantUuid, { message_id: "elsewhere", sent_at: 50, from: { person_uuid: persons[0]!.uuid }, to: [{ person_uuid: persons[3]!.uuid }], cc: [] });
      await othersCommitsSeen();
      const after = await totalsOf(reader, tenantUuid, persons);
      expect(after).toEqual(await countedTotalsOf(reader, tenantUuid, persons));
      expect(after).not.toEqual(before);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it("are kept apart per tenant", async () => {
    const other = (await fresh.store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    const persons = await seedTimelineActivity(fresh.store, fresh.tenantUuid, ACTIVITY);
    expect(TIMELINE_PERSON_NAMES).toHaveLength(persons.length);
    await totalsOf(fresh.store, fresh.tenantUuid, persons);
    expect((await fresh.store.interactions.timeline(other, [persons[0]!.uuid], firstPage)).total).toBe(0);
    expect((await fresh.store.interactions.feed(other, firstPage)).total).toBe(0);
  });
});
