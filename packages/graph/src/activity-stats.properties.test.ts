/** Property-based tests (fast-check): activityStats against a count made straight from the interaction list. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVITY_PERIODS, activityStats } from "./activity-stats.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { toIsoDateOrNull } from "./internal/dates.js";
import { normalizeInteraction, type NormalizedInteraction } from "./internal/normalize-interaction.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { ActivityPeriod, Interaction, InternalUser } from "./types.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"];
const USERS: InternalUser[] = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
  { userUuid: "u2", personUuid: "p2" },
];
const AFFILIATIONS = [
  { personUuid: "p3", companyUuid: "acme" },
  { personUuid: "p4", companyUuid: "acme" },
];
const PERIOD_DAYS: Record<ActivityPeriod, number> = { "30_days": 30, "90_days": 90, "180_days": 180, "365_days": 365, all_time: Number.POSITIVE_INFINITY };

/** Whole days put interactions on the periods' edges (exactly 30 days old, ...), and past every period. */
const histories = fc
  .tuple(interactionLists(PERSONS, { age: ageInDays(500), length: { minLength: 0, maxLength: 24 }, maximumAttendees: 4 }), fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }))
  .map(([interactions, cancelled]) =>
    interactions.map((interaction, index): Interaction => (interaction.kind === "meeting" && cancelled[index] ? { ...interaction, status: "cancelled" } : interaction)),
  );

interface ExpectedPeriod {
  period: ActivityPeriod;
  last_activity_date: string | null;
  activity_counts: { emails: number; meetings: number; total: number };
}

/** Each period's counts and last date over `counted`, as the docs define them; empty when nothing counts. */
function expectedPeriods(counted: NormalizedInteraction[], now: number): ExpectedPeriod[] {
  if (counted.length === 0) return [];
  const latest = Math.max(...counted.map((interaction) => interaction.occurredAt));
  return ACTIVITY_PERIODS.map((period) => {
    const inPeriod = counted.filter((interaction) => now - interaction.occurredAt <= PERIOD_DAYS[period] * DAY);
    const meetings = inPeriod.filter((interaction) => interaction.meeting).length;
    return {
      period,
      last_activity_date: now - latest <= PERIOD_DAYS[period] * DAY ? toIsoDateOrNull(latest) : null,
      activity_counts: { emails: inPeriod.length - meetings, meetings, total: inPeriod.length },
    };
  });
}

/**
 * The stats of the subject (its persons), counted from the list: past, not cancelled, with two distinct
 * participants at least (mail to oneself counts for nobody), each interaction once.
 */
function expectedStats(interactions: Interaction[], subjectPersons: string[], now: number, teamOnly = false) {
  const teamPersons = USERS.map((user) => user.personUuid).filter((person) => !subjectPersons.includes(person));
  const counted = interactions
    .map((interaction) => normalizeInteraction("test", interaction))
    .filter((interaction) => !interaction.cancelled && interaction.occurredAt <= now && interaction.participants.length >= 2)
    .filter((interaction) => interaction.participants.some((participant) => subjectPersons.includes(participant)));
  const teamCounted = counted.filter((interaction) => interaction.participants.some((participant) => teamPersons.includes(participant)));
  const byUser = USERS.filter((user) => !subjectPersons.includes(user.personUuid))
    .map((user) => ({ user, shared: counted.filter((interaction) => interaction.participants.includes(user.personUuid)) }))
    .filter(({ shared }) => shared.length > 0)
    .sort((left, right) => (left.user.userUuid < right.user.userUuid ? -1 : 1))
    .map(({ user, shared }) => ({ internal_user_uuid: user.userUuid, periods: expectedPeriods(shared, now) }));
  return { periods: expectedPeriods(teamOnly ? teamCounted : counted, now), byUser };
}

const withoutTimes = (periods: Array<ExpectedPeriod & { last_activity_at?: unknown }>) =>
  periods.map(({ period, last_activity_date, activity_counts }) => ({ period, last_activity_date, activity_counts }));

/** Each person alone, and Acme with its two members: what each question is asked of. */
const SUBJECTS = [
  ...PERSONS.map((uuid) => ({ reference: { entity: "person" as const, uuid }, persons: [uuid] })),
  { reference: { entity: "company" as const, uuid: "acme" }, persons: ["p3", "p4"] },
];

describe("activityStats properties", () => {
  it("counts, per period and per internal user, exactly the subject's past interactions that are not cancelled", () => {
    fc.assert(
      // A millisecond either side of whole days puts interactions just inside and just outside `now` and the periods.
      fc.property(histories, fc.integer({ min: -40, max: 40 }), fc.constantFrom(-1, 0, 1), (interactions, shift, nudge) => {
        const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
        const now = NOW + shift * DAY + nudge;
        for (const { reference, persons } of SUBJECTS) {
          const stats = activityStats(graph, reference, { now });
          const expected = expectedStats(interactions, persons, now);
          expect(withoutTimes(stats.periods)).toEqual(expected.periods);
          expect(stats.by_user.map((row) => ({ internal_user_uuid: row.internal_user_uuid, periods: withoutTimes(row.periods) }))).toEqual(expected.byUser);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("counts with teamOnly only the interactions an internal user other than the subject took part in, by_user unchanged", () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: -40, max: 40 }), fc.constantFrom(-1, 0, 1), (interactions, shift, nudge) => {
        const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
        const now = NOW + shift * DAY + nudge;
        for (const { reference, persons } of SUBJECTS) {
          const stats = activityStats(graph, reference, { now, teamOnly: true });
          const expected = expectedStats(interactions, persons, now, true);
          expect(withoutTimes(stats.periods)).toEqual(expected.periods);
          expect(stats.by_user).toEqual(activityStats(graph, reference, { now }).by_user);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("names as top users the internal users with the most emails or meetings in 90 days, ties by total then uuid, with their 90-day counts only", () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: -40, max: 40 }), (interactions, shift) => {
        const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
        const now = NOW + shift * DAY;
        for (const reference of [...PERSONS.map((uuid) => ({ entity: "person" as const, uuid })), { entity: "company" as const, uuid: "acme" }]) {
          const stats = activityStats(graph, reference, { now });
          const ninetyDays = (row: (typeof stats.by_user)[number]) => row.periods.find((period) => period.period === "90_days")!.activity_counts;
          const topBy = (kind: "emails" | "meetings") => {
            const ranked = stats.by_user
              .filter((row) => ninetyDays(row)[kind] > 0)
              .sort((left, right) => ninetyDays(right)[kind] - ninetyDays(left)[kind] || ninetyDays(right).total - ninetyDays(left).total || (left.internal_user_uuid < right.internal_user_uuid ? -1 : 1));
            const top = ranked[0];
            return top === undefined ? null : { ...top, periods: top.periods.filter((period) => period.period === "90_days") };
          };
          expect(stats.top_email_user).toEqual(topBy("emails"));
          expect(stats.top_meeting_user).toEqual(topBy("meetings"));
        }
      }),
      { numRuns: 300 },
    );
  });
});
