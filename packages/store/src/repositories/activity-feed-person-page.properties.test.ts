/**
 * A person's feed page found by walking the feed (`personEntriesInOrder`) is exactly the page found by reading
 * and sorting all the person's items: same items, order, `removed` flags, totals, cursors and `hasMore`, for any
 * tenant history (emails, meetings confirmed or cancelled, declines, attendee lists replaced and persons taken off
 * them (departures, migration 0034), deletes of both, another tenant's activity interleaved) and any request (kind, `afterSequence`, `since`, cursor or page number, limit),
 * whatever walk budget and threshold the plan sets, so the walk, its fallback and the end of the feed all run. A
 * page's total is the number of entries listed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { activityFeedPage } from "./activity-feed.js";
import { listedEntries } from "./activity-feed-entries.js";
import type { PersonPagePlan } from "./activity-feed-person-page.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-feed-person-page-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PERSONS = 4;
/** Never walks: every page read from the person's participations, as before the walk. */
const PARTICIPATIONS_ONLY: PersonPagePlan = { walkFrom: Number.POSITIVE_INFINITY, entriesPerItem: 1 };

const person = fc.integer({ min: 0, max: PERSONS - 1 });
const attendees = fc.uniqueArray(fc.record({ person, response: fc.constantFrom("accepted" as const, "accepted" as const, "declined" as const) }), {
  selector: (attendee) => attendee.person,
  maxLength: 3,
});
const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("email" as const), from: person, to: fc.uniqueArray(person, { maxLength: 1 }), other: fc.constantFrom(false, false, false, true) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("meeting" as const), attendees, cancelled: fc.boolean(), other: fc.constantFrom(false, false, false, true) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      index: fc.nat(),
      cancelled: fc.option(fc.boolean(), { nil: undefined }),
      attendees: fc.option(attendees, { nil: undefined }),
    }),
    weight: 2,
  },
  // One attendee taken off a meeting's list, the others kept: a departure while the meeting goes on.
  { arbitrary: fc.record({ kind: fc.constant("takeOff" as const), index: fc.nat(), attendee: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("deleteMeeting" as const), index: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("deleteEmail" as const), index: fc.nat() }), weight: 1 },
);
const request = fc.record({
  person: fc.integer({ min: 0, max: PERSONS }),
  kind: fc.option(fc.constantFrom<ActivityItem["kind"]>("email", "meeting"), { nil: undefined }),
  // Which of the tenant's entries (by rank) the filters and the cursor start from, or none.
  afterSequence: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
  recordedSince: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
  position: fc.oneof(
    fc.record({ kind: fc.constant("offset" as const), offset: fc.constantFrom(0, 0, 1, 3) }),
    fc.record({ kind: fc.constant("after" as const), entry: fc.nat() }),
  ),
  limit: fc.integer({ min: 1, max: 4 }),
  // Small budgets, so walks often stop short of a full page and fall back.
  plan: fc.record({ walkFrom: fc.constantFrom(0, 1, 3), entriesPerItem: fc.constantFrom(1, 1, 2) }),
});

interface Tenant {
  uuid: string;
  persons: string[];
}

async function tenantOf(store: Store, name: string): Promise<Tenant> {
  const uuid = (await store.tenants.create({ name, tier: "standard" })).uuid;
  const persons: string[] = [];
  for (let index = 0; index < PERSONS; index++) {
    persons.push((await store.persons.create({ tenant_uuid: uuid, name: `${name} ${index}`, emails: [`p${index}@${name}.example`] })).uuid);
  }
  return { uuid, persons };
}

describe("a person's activity feed page by walking the feed", () => {
  it("is exactly the page read from the person's participations", async () => {
    let run = 0;
    let runsWithDepartures = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 15, maxLength: 50 }), fc.array(request, { minLength: 1, maxLength: 30 }), async (operations, requests) => {
        const path = join(folder, `run-${run++}.db`);
        let clock = 0;
        const store = await createSqliteStore({ path, now: () => (clock += 10) });
        const sqlite = new SqliteDatabase(path);
        const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
        try {
          const acme = await tenantOf(store, "acme");
          const other = await tenantOf(store, "other");
          const meetings: Array<{ tenant: Tenant; uuid: string }> = [];
          const emails: string[] = [];
          for (const [count, step] of operations.entries()) {
            if (step.kind === "email") {
              const tenant = step.other ? other : acme;
              const ingested = await store.emails.ingest(tenant.uuid, {
                message_id: `m${count}`,
                sent_at: count,
                subject: `email ${count}`,
                from: { person_uuid: tenant.persons[step.from]! },
                to: step.to.map((index) => ({ person_uuid: tenant.persons[index]! })),
              });
              emails.push(ingested.email.uuid);
            } else if (step.kind === "meeting") {
              const tenant = step.other ? other : acme;
              const created = await store.meetings.create(tenant.uuid, {
                title: `meeting ${count}`,
                starts_at: count,
                status: step.cancelled ? "cancelled" : "confirmed",
                attendees: step.attendees.map((attendee) => ({ person_uuid: tenant.persons[attendee.person]!, response: attendee.response })),
              });
              meetings.push({ tenant, uuid: created.uuid });
            } else if (step.kind === "update" && meetings.length > 0) {
              const { tenant, uuid } = meetings[step.index % meetings.length]!;
              await store.meetings.update(tenant.uuid, uuid, {
                ...(step.cancelled === undefined ? {} : { status: step.cancelled ? "cancelled" : "confirmed" }),
                ...(step.attendees === undefined
                  ? {}
                  : { attendees: step.attendees.map((attendee) => ({ person_uuid: tenant.persons[attendee.person]!, response: attendee.response })) }),
              });
            } else if (step.kind === "takeOff" && meetings.length > 0) {
              const { tenant, uuid } = meetings[step.index % meetings.length]!;
              const current = (await store.meetings.get(tenant.uuid, uuid))?.attendees ?? [];
              if (current.length > 0) {
                const leaving = step.attendee % current.length;
                await store.meetings.update(tenant.uuid, uuid, { attendees: current.filter((_attendee, index) => index !== leaving) });
              }
            } else if (step.kind === "deleteMeeting" && meetings.length > 0) {
              const { tenant, uuid } = meetings[step.index % meetings.length]!;
              await store.meetings.delete(tenant.uuid, uuid);
            } else if (step.kind === "deleteEmail" && emails.length > 0) {
              // An operator's erasure: the email and its participants go, the feed announces it.
              const uuid = emails[step.index % emails.length]!;
              sqlite.transaction(() => {
                sqlite.prepare("delete from email_participants where email_uuid = ?").run(uuid);
                sqlite.prepare("delete from email_bodies where email_uuid = ?").run(uuid);
                sqlite.prepare("delete from emails where uuid = ?").run(uuid);
              })();
            }
          }
          if ((sqlite.prepare("select count(*) from meeting_departures where tenant_uuid = ?").pluck().get(acme.uuid) as number) > 0) runsWithDepartures++;
          // Positions and filters start at the tenant's entries, or before them all.
          const entries = sqlite
            .prepare("select sequence, recorded_at from activity_feed where tenant_uuid = ? order by sequence")
            .all(acme.uuid) as Array<{ sequence: number; recorded_at: number }>;
          const startAt = (rank: number) => (rank % (entries.length + 1) === entries.length ? { sequence: 0, recorded_at: 0 } : entries[rank % (entries.length + 1)]!);
          for (const { person: index, plan, afterSequence, recordedSince, position, ...shape } of requests) {
            // The index past the tenant's persons asks for another tenant's person: no items.
            const personUuid = index < PERSONS ? acme.persons[index]! : other.persons[0]!;
            const asked: ActivityFeedRequest = {
              ...shape,
              personUuid,
              position: position.kind === "offset" ? position : { kind: "after", key: [startAt(position.entry).sequence] },
              ...(afterSequence === undefined ? {} : { afterSequence: startAt(afterSequence).sequence }),
              ...(recordedSince === undefined ? {} : { recordedSince: startAt(recordedSince).recorded_at }),
            };
            const expected = await activityFeedPage(db, acme.uuid, asked, PARTICIPATIONS_ONLY);
            const got = await activityFeedPage(db, acme.uuid, asked, plan);
            expect(got).toEqual(expected);
            if (expected.total !== null) {
              // The person's total, counted from their participations and departures, is the number of entries listed.
              const listed = await listedEntries(db, acme.uuid, asked).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
              expect(expected.total).toBe(Number(listed.n));
            }
          }
        } finally {
          await db.destroy();
          await store.close();
          rmSync(path, { force: true });
        }
      }),
      { numRuns: 40 },
    );
    // The histories do take persons off meetings that go on, so the departures' reads are compared too.
    expect(runsWithDepartures).toBeGreaterThan(10);
  });
});
