/**
 * A company's last activity counts its current external members only: a user's own person is the team's, not a
 * contact (docs/api-decisions.md, "Opportunities"). Creating a user on a contact's address, deactivating or
 * reactivating one, merges involving a user's person, and a person changing company (primary company, replaced
 * affiliations) change who counts, so the stored dates of the opportunities must follow. An email or a meeting
 * with one person in it (a note to oneself, a calendar block, a merge of the only two, an erasure of the other) is
 * no interaction. Whatever the emails, meetings, users, merges, erasures, company changes and reads, every
 * opportunity's stored dates must equal both a recomputation from the database (`refreshActivity`) and the live
 * dates of its associations, which come from the tenant's graph.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
/** Company of each person (index), or null. */
const EMPLOYER = [0, 0, 1, null, 1] as const;
const PERSONS = EMPLOYER.length;
const COMPANIES = 2;

const person = fc.integer({ min: 0, max: PERSONS - 1 });
const company = fc.integer({ min: 0, max: COMPANIES - 1 });
const dayOffset = fc.integer({ min: -6, max: 1 }).map((days) => NOW + days * day);
const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("email" as const), sentAt: dayOffset, from: person, to: fc.option(person) }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant("meeting" as const),
      startsAt: dayOffset,
      organizer: fc.option(person),
      attendees: fc.uniqueArray(fc.record({ person, declined: fc.boolean() }), { minLength: 1, maxLength: 3, selector: (entry) => entry.person }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("attend" as const),
      meeting: fc.nat(),
      attendees: fc.uniqueArray(fc.record({ person, declined: fc.boolean() }), { maxLength: 3, selector: (entry) => entry.person }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("erase" as const), person }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("create-user" as const), person }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("deactivate" as const), person }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("reactivate" as const), person }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("merge" as const), canonical: person, superseded: person }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("move" as const), person, company: fc.option(company) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant("affiliations" as const),
      person,
      affiliations: fc.uniqueArray(fc.record({ company, current: fc.boolean() }), { maxLength: 2, selector: (entry) => entry.company }),
      clearPrimary: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("read" as const) }), weight: 2 },
);
const opportunityLinks = fc.array(
  fc.record({ persons: fc.uniqueArray(person, { maxLength: 2 }), companies: fc.uniqueArray(fc.integer({ min: 0, max: COMPANIES - 1 }), { maxLength: 1 }) }),
  { minLength: 1, maxLength: 4 },
);

/** Stored dates of each opportunity, beside the latest live dates of its person and company associations. */
async function storedAndLive(store: Store, tenantUuid: string, opportunities: readonly string[]) {
  const latest = (values: Array<number | null>) => values.reduce<number | null>((best, value) => (value !== null && (best === null || value > best) ? value : best), null);
  return Promise.all(
    opportunities.map(async (uuid) => {
      const read = (await store.opportunities.get(tenantUuid, uuid, viewer))!;
      const live = (type: string) => latest(read.associations.filter((link) => link.entity_type === type).map((link) => link.last_activity_at));
      return {
        stored: { person: read.person_last_activity_at, company: read.company_last_activity_at, overall: read.last_activity_at },
        live: { person: live("PERSON"), company: live("COMPANY") },
      };
    }),
  );
}

/** Whatever refuses a step (a merge of two users' persons, a user on someone else's person) leaves it out. */
async function unlessRefused(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof InvalidInputError || error instanceof NotFoundError)) throw error;
  }
}

describe("opportunity dates when persons become or stop being users' own", () => {
  it("equal a recomputation and the graph's live dates, whatever the emails, meetings, users, merges, erasures, company changes and reads", async () => {
    // One store for every run, each run in a tenant of its own (every write and read below is the run's tenant's):
    // a store per run spent a third of the property's time opening a connection and preparing its statements afresh.
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      await fc.assert(
        fc.asyncProperty(opportunityLinks, fc.array(operation, { minLength: 1, maxLength: 30 }), async (links, operations) => {
          const fixture = await createLinkedDealsTenant(store, COMPANIES, EMPLOYER);
          const { tenantUuid, persons } = fixture;
          const opportunities = await createLinkedOpportunities(store, fixture, links);
          const users = new Map<number, string>();
          // Who each address is now (a merge gives the superseded person's to the canonical one).
          const personOf = Array.from({ length: PERSONS }, (_, index) => index);
          const meetings: string[] = [];
          const attendeesOf = (attendees: ReadonlyArray<{ person: number; declined: boolean }>) =>
            attendees.map((entry) => ({ email: `p${entry.person}@example.com`, response: entry.declined ? ("declined" as const) : ("accepted" as const) }));
          for (const [index, step] of operations.entries()) {
            if (step.kind === "email") {
              // An erased person's address sends nothing (SKIPPED): a batch of one answers that rather than throwing.
              const [result] = await store.emails.ingestMany(tenantUuid, [{
                message_id: `m${index}`,
                sent_at: step.sentAt,
                from: { email: `p${step.from}@example.com` },
                to: step.to === null ? [] : [{ email: `p${step.to}@example.com` }],
              }]);
              if (result!.status === "ERROR") throw result!.error;
            } else if (step.kind === "meeting") {
              const organizer = step.organizer === null ? {} : { organizer: { email: `p${step.organizer}@example.com` } };
              meetings.push((await store.meetings.create(tenantUuid, { title: `Meeting ${index}`, starts_at: step.startsAt, ...organizer, attendees: attendeesOf(step.attendees) })).uuid);
            } else if (step.kind === "attend") {
              if (meetings.length === 0) continue;
              await store.meetings.update(tenantUuid, meetings[step.meeting % meetings.length]!, { attendees: attendeesOf(step.attendees) });
            } else if (step.kind === "erase") {
              await unlessRefused(() => store.persons.erase(tenantUuid, persons[personOf[step.person]!]!));
            } else if (step.kind === "create-user") {
              if (users.has(step.person)) continue;
              await unlessRefused(async () => {
                const user = await store.users.create({ tenant_uuid: tenantUuid, name: `User ${step.person}`, email: `p${step.person}@example.com`, role: "member" });
                users.set(step.person, user.uuid);
              });
            } else if (step.kind === "deactivate" || step.kind === "reactivate") {
              const user = users.get(step.person);
              if (user !== undefined) await unlessRefused(() => store.users[step.kind](tenantUuid, user));
            } else if (step.kind === "merge") {
              const [canonical, superseded] = [personOf[step.canonical]!, personOf[step.superseded]!];
              if (canonical === superseded) continue;
              await unlessRefused(async () => {
                await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: persons[canonical]!, superseded_uuid: persons[superseded]!, preview: false, merged_by_user_uuid: null });
                for (const [address, owner] of personOf.entries()) if (owner === superseded) personOf[address] = canonical;
              });
            } else if (step.kind === "move") {
              const primary = step.company === null ? null : fixture.companies[step.company]!;
              await unlessRefused(() => store.persons.update(tenantUuid, persons[personOf[step.person]!]!, { primary_company_uuid: primary }));
            } else if (step.kind === "affiliations") {
              await unlessRefused(() =>
                store.persons.update(tenantUuid, persons[personOf[step.person]!]!, {
                  ...(step.clearPrimary ? { primary_company_uuid: null } : {}),
                  affiliations: step.affiliations.map((entry) => ({ company_uuid: fixture.companies[entry.company]!, is_current: entry.current })),
                }),
              );
            } else {
              await storedAndLive(store, tenantUuid, opportunities);
            }
          }
          const kept = await storedAndLive(store, tenantUuid, opportunities);
          for (const { stored, live } of kept) expect({ person: stored.person, company: stored.company }).toEqual(live);
          await store.opportunities.refreshActivity(tenantUuid);
          expect(await storedAndLive(store, tenantUuid, opportunities)).toEqual(kept);
        }),
        {
          // Fewer, longer runs: a run's tenant, deals and checks cost as much as a dozen operations, and a longer
          // sequence holds more orders of them (300 runs of up to 12 cost twice the time and caught a removed refresh no more often).
          numRuns: 100,
          examples: [
            // Persons 2 and 4, both at company 1, meet; 2 leaves it, then 4 is merged into 2: the merged person is not
            // current at company 1 (2 left it), which has no member left and so no date (it kept the meeting's).
            [
              [{ persons: [], companies: [1] }],
              [
                { kind: "meeting", startsAt: NOW, organizer: null, attendees: [{ person: 4, declined: false }, { person: 2, declined: false }] },
                { kind: "move", person: 2, company: null },
                { kind: "merge", canonical: 2, superseded: 4 },
              ],
            ],
          ],
        },
      );
    } finally {
      await store.close();
    }
  });
});
