/**
 * Erasing a person recomputes only the opportunities whose stored dates may have come from them: those linked to
 * them or their companies, and those of the persons whose latest email was one the erasure deleted. Whatever the
 * emails, meetings and reads before it, every opportunity's stored dates afterwards must equal a recomputation of
 * all of them. Times fall on whole days in a short window, so interactions often share a time with one that goes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
/** Person 0 is erased; company of each person (index), or null. */
const EMPLOYER = [0, 0, 1, null, 1, 2] as const;
const PERSONS = EMPLOYER.length;
const COMPANIES = 3;

const person = fc.integer({ min: 0, max: PERSONS - 1 });
const dayOffset = fc.integer({ min: -6, max: 1 }).map((days) => NOW + days * day);
const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("email" as const), sentAt: dayOffset, from: person, to: fc.uniqueArray(person, { minLength: 1, maxLength: 3 }) }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant("meeting" as const),
      startsAt: dayOffset,
      attendees: fc.uniqueArray(fc.record({ person, response: fc.constantFrom("accepted" as const, "declined" as const) }), { selector: (attendee) => attendee.person, minLength: 1, maxLength: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("read" as const) }), weight: 1 },
);
const opportunityLinks = fc.array(
  fc.record({ persons: fc.uniqueArray(person, { maxLength: 2 }), companies: fc.uniqueArray(fc.integer({ min: 0, max: COMPANIES - 1 }), { maxLength: 1 }) }),
  { minLength: 1, maxLength: 5 },
);

describe("opportunity dates after an erasure", () => {
  it("equal a recomputation of every opportunity, whatever the emails, meetings and reads before it", async () => {
    await fc.assert(
      fc.asyncProperty(opportunityLinks, fc.array(operation, { minLength: 1, maxLength: 14 }), async (links, operations) => {
        const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
        try {
          const fixture = await createLinkedDealsTenant(store, COMPANIES, EMPLOYER);
          const { tenantUuid, persons } = fixture;
          const opportunities = await createLinkedOpportunities(store, fixture, links);
          for (const [index, step] of operations.entries()) {
            if (step.kind === "email") {
              const to = step.to.filter((recipient) => recipient !== step.from);
              if (to.length === 0) continue;
              await store.emails.ingest(tenantUuid, { message_id: `m${index}`, sent_at: step.sentAt, from: { person_uuid: persons[step.from]! }, to: to.map((recipient) => ({ person_uuid: persons[recipient]! })) });
            } else if (step.kind === "meeting") {
              await store.meetings.create(tenantUuid, {
                title: "Meeting",
                starts_at: step.startsAt,
                attendees: step.attendees.map((attendee) => ({ person_uuid: persons[attendee.person]!, response: attendee.response })),
              });
            } else {
              for (const uuid of opportunities) await store.opportunities.get(tenantUuid, uuid, viewer);
            }
          }

          expect(await store.persons.erase(tenantUuid, persons[0]!)).toBe(true);

          const dates = async () => {
            const stored = [];
            for (const uuid of opportunities) {
              const opportunity = (await store.opportunities.get(tenantUuid, uuid, viewer))!;
              stored.push([opportunity.person_last_activity_at, opportunity.company_last_activity_at, opportunity.last_activity_at]);
            }
            return stored;
          };
          const afterErasure = await dates();
          await store.opportunities.refreshActivity(tenantUuid);
          expect(afterErasure).toEqual(await dates());
        } finally {
          await store.close();
        }
      }),
      {
        numRuns: 80,
        examples: [
          // Her two emails to person 2, one not yet due: the one that counted must still lower person 2's deal.
          [
            [{ persons: [2], companies: [] }],
            [
              { kind: "email", sentAt: NOW + day, from: 0, to: [2] },
              { kind: "email", sentAt: NOW, from: 0, to: [2] },
            ],
          ],
        ],
      },
    );
  });
});
