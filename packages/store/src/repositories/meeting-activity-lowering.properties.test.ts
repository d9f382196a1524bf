/**
 * A meeting that stops counting for someone (cancelled, deleted, moved, an attendee leaving or declining)
 * recomputes only the opportunities whose stored dates may have come from it. Whatever the sequence of
 * meeting changes, emails and reads, every opportunity's stored dates must equal what the interactions
 * say: the latest past email or confirmed meeting of its persons, and of everyone currently at its companies,
 * with someone else in it (an email to oneself, a meeting of one, is no interaction).
 * Times fall on whole days in a short window, so interactions often share a time with the one that goes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
const PERSONS = 5;
/** Company of each person (index into COMPANIES), or null. */
const EMPLOYER = [0, 0, 1, null, 1] as const;
const COMPANIES = 2;

interface ModelMeeting {
  startsAt: number;
  status: "confirmed" | "cancelled";
  attendees: Array<{ person: number; response: "accepted" | "declined" }>;
  deleted: boolean;
}

const dayOffset = fc.integer({ min: -6, max: 1 }).map((days) => NOW + days * day);
const attendeeList = fc.uniqueArray(
  fc.record({ person: fc.integer({ min: 0, max: PERSONS - 1 }), response: fc.constantFrom("accepted" as const, "accepted" as const, "declined" as const) }),
  { selector: (attendee) => attendee.person, maxLength: 3 },
);
const newMeeting = fc.record({ startsAt: dayOffset, status: fc.constantFrom("confirmed" as const, "confirmed" as const, "cancelled" as const), attendees: attendeeList });
/** Meeting updates weigh most: they are what recomputes or raises. A field left out is undefined half the time. */
const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), meeting: newMeeting }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      index: fc.nat(),
      startsAt: fc.option(dayOffset, { nil: undefined, freq: 2 }),
      status: fc.option(fc.constantFrom("confirmed" as const, "cancelled" as const), { nil: undefined, freq: 2 }),
      attendees: fc.option(attendeeList, { nil: undefined, freq: 2 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), index: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("email" as const), sentAt: dayOffset, from: fc.integer({ min: 0, max: PERSONS - 1 }), to: fc.integer({ min: 0, max: PERSONS - 1 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("read" as const) }), weight: 1 },
);
/** Each opportunity's linked persons and companies (indexes). */
const opportunityLinks = fc.array(
  fc.record({
    persons: fc.uniqueArray(fc.integer({ min: 0, max: PERSONS - 1 }), { maxLength: 2 }),
    companies: fc.uniqueArray(fc.integer({ min: 0, max: COMPANIES - 1 }), { maxLength: 1 }),
  }),
  { minLength: 1, maxLength: 4 },
);

/** The latest of `times`, or null. */
const latest = (times: Iterable<number | null>): number | null => {
  let best: number | null = null;
  for (const time of times) if (time !== null && (best === null || time > best)) best = time;
  return best;
};

describe("opportunity dates after meetings stop counting", () => {
  it("equal a recomputation from the interactions after any sequence of meeting changes, emails and reads", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(newMeeting, { maxLength: 4 }), opportunityLinks, fc.array(operation, { minLength: 1, maxLength: 12 }), async (initial, links, operations) => {
        const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
        try {
          const fixture = await createLinkedDealsTenant(store, COMPANIES, EMPLOYER);
          const { persons } = fixture;
          const tenant = { uuid: fixture.tenantUuid };

          const meetings: Array<ModelMeeting & { uuid: string }> = [];
          const emails: Array<{ sentAt: number; persons: number[] }> = [];
          const toInput = (attendees: ModelMeeting["attendees"]) => attendees.map(({ person, response }) => ({ person_uuid: persons[person]!, response }));
          const createMeeting = async (meeting: Omit<ModelMeeting, "deleted">) => {
            const created = await store.meetings.create(tenant.uuid, { title: "Meeting", starts_at: meeting.startsAt, status: meeting.status, attendees: toInput(meeting.attendees) });
            meetings.push({ ...meeting, deleted: false, uuid: created.uuid });
          };
          for (const meeting of initial) await createMeeting(meeting);
          const opportunities = await createLinkedOpportunities(store, fixture, links);

          for (const step of operations) {
            const live = meetings.filter((meeting) => !meeting.deleted);
            if (step.kind === "create") await createMeeting(step.meeting);
            else if (step.kind === "email") {
              await store.emails.ingest(tenant.uuid, {
                message_id: `m${emails.length}`,
                sent_at: step.sentAt,
                from: { email: `p${step.from}@example.com` },
                to: [{ email: `p${step.to}@example.com` }],
              });
              emails.push({ sentAt: step.sentAt, persons: [step.from, step.to] });
            } else if (step.kind === "read") {
              for (const uuid of opportunities) await store.opportunities.get(tenant.uuid, uuid, viewer);
            } else if (live.length > 0) {
              const meeting = live[step.index % live.length]!;
              if (step.kind === "delete") {
                expect(await store.meetings.delete(tenant.uuid, meeting.uuid)).toBe(true);
                meeting.deleted = true;
              } else {
                await store.meetings.update(tenant.uuid, meeting.uuid, {
                  ...(step.startsAt === undefined ? {} : { starts_at: step.startsAt }),
                  ...(step.status === undefined ? {} : { status: step.status }),
                  ...(step.attendees === undefined ? {} : { attendees: toInput(step.attendees) }),
                });
                if (step.startsAt !== undefined) meeting.startsAt = step.startsAt;
                if (step.status !== undefined) meeting.status = step.status;
                if (step.attendees !== undefined) meeting.attendees = step.attendees;
              }
            }
          }

          // An email to oneself, or a meeting with one attendee present, is nobody's interaction.
          const present = (meeting: ModelMeeting) => meeting.attendees.filter((attendee) => attendee.response !== "declined").map((attendee) => attendee.person);
          const lastOfPerson = (person: number) =>
            latest([
              ...emails.filter((email) => email.persons.includes(person) && new Set(email.persons).size >= 2 && email.sentAt <= NOW).map((email) => email.sentAt),
              ...meetings
                .filter((meeting) => !meeting.deleted && meeting.status === "confirmed" && meeting.startsAt <= NOW && present(meeting).length >= 2)
                .filter((meeting) => present(meeting).includes(person))
                .map((meeting) => meeting.startsAt),
            ]);
          const lastOfCompany = (company: number) => latest(EMPLOYER.flatMap((employer, person) => (employer === company ? [lastOfPerson(person)] : [])));
          for (const [index, link] of links.entries()) {
            const stored = (await store.opportunities.get(tenant.uuid, opportunities[index]!, viewer))!;
            const person = latest(link.persons.map(lastOfPerson));
            const company = latest(link.companies.map(lastOfCompany));
            expect({ person: stored.person_last_activity_at, company: stored.company_last_activity_at, overall: stored.last_activity_at }).toEqual({
              person,
              company,
              overall: latest([person, company]),
            });
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
