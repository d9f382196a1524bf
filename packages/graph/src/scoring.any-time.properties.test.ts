/**
 * Property-based tests of every public read at any time a Date can hold: interactions and presents anywhere in
 * its range, fractional milliseconds, presents before all activity, and the extreme half-lives. Answers are the
 * same whatever order the interactions arrive in, and every number and date has the documented form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activityStats,
  connectionScore,
  derivedFields,
  hydrateGraph,
  lastActivityAt,
  pathPower,
  pathPowerRanking,
  recommendedPaths,
  RelationshipGraph,
  relationshipQuality,
  relationshipQualityRanking,
  strengthLabel,
  strongestRelationships,
  type EntityReference,
  type Interaction,
  type ScoringParameterOverrides,
} from "./index.js";
import { DAY, NOW } from "./testing/builders.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"];
const USERS = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
// p1, a user, at acme too: a company's answers leave its users out.
const AFFILIATIONS = ["p1", "p3", "p4"].map((personUuid) => ({ personUuid, companyUuid: "acme" }));
const TARGETS: EntityReference[] = [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" }];

/** Largest epoch milliseconds a Date holds, either side of 1970. */
const DATE_RANGE = 8.64e15;
const time = fc.oneof(
  fc.double({ min: -DATE_RANGE, max: DATE_RANGE, noNaN: true }),
  fc.constantFrom(-DATE_RANGE, DATE_RANGE, 0, -0.5, 0.5, NOW),
  fc.integer({ min: -400, max: 400 }).map((days) => NOW + days * DAY + 0.25),
);
const person = fc.constantFrom(...PERSONS);
const interactions: fc.Arbitrary<Interaction[]> = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant("email" as const), occurredAt: time, senderUuid: fc.oneof(person, fc.constant(null)), recipientUuids: fc.array(person, { maxLength: 4 }) }),
      fc.record({
        kind: fc.constant("meeting" as const),
        occurredAt: time,
        attendeeUuids: fc.array(person, { maxLength: 5 }),
        status: fc.constantFrom("confirmed" as const, "confirmed" as const, "cancelled" as const),
      }),
    ),
    { maxLength: 14 },
  )
  .map((drafts) => drafts.map((draft, index): Interaction => ({ ...draft, id: `i${index}` })));
const halfLives = fc.option(fc.constantFrom<ScoringParameterOverrides>({ halfLifeDays: Number.MIN_VALUE }, { halfLifeDays: 1e-9 }, { halfLifeDays: 1e8 }), {
  nil: undefined,
});

/** Everything the public reads answer about the small world at `now`. */
function everything(graph: RelationshipGraph, now: number): unknown {
  const pairs = PERSONS.flatMap((first) => PERSONS.filter((second) => first < second).map((second) => connectionScore(graph, first, second, { now })));
  const users = USERS.map(({ userUuid }) => ({
    qualities: PERSONS.map((uuid) => relationshipQuality(graph, userUuid, uuid, { now })),
    ranking: relationshipQualityRanking(graph, userUuid, { now, limit: 10 }),
  }));
  const targets = TARGETS.map((target) => ({
    paths: recommendedPaths(graph, target, { now }),
    power: pathPower(graph, target, { now }),
    strongest: strongestRelationships(graph, target, { now, limit: 5 }),
    activity: activityStats(graph, target, { now }),
    derived: derivedFields(graph, target, { now, userUuid: "u0" }),
    last: lastActivityAt(graph, target, { now }),
  }));
  const rankings = (["person", "company"] as const).map((entity) => pathPowerRanking(graph, entity, { now, limit: 10 }));
  return { pairs, users, targets, rankings };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0 || 1;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** A score as the package documents it: finite, in [0, 1], rounded to 9 decimals. */
function expectScore(score: number, name: string): void {
  expect(Number.isFinite(score) && score >= 0 && score <= 1, `${name}: ${score}`).toBe(true);
  expect(Math.round(score * 1e9) / 1e9, `${name} rounded`).toBe(score);
}

/**
 * The UTC date of `time` as ISO 8601 writes it: `YYYY-MM-DD`, or `±YYYYYY-MM-DD` outside years 0000 to 9999. Floored
 * first: a Date drops a fraction towards zero, which would put -0.5 on 1970-01-01.
 */
const dateOf = (time: number): string => new Date(Math.floor(time)).toISOString().split("T")[0]!;

describe("every read, at any time a Date holds", () => {
  it("answers the same whatever order the interactions arrive in, hydrated or added one by one", () => {
    fc.assert(
      fc.property(interactions, time, halfLives, fc.integer(), (list, now, parameters, seed) => {
        const options = parameters === undefined ? {} : { parameters };
        const reference = everything(hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS }, options), now);
        const reordered = hydrateGraph({ interactions: shuffled(list, seed), internalUsers: shuffled(USERS, seed), affiliations: shuffled(AFFILIATIONS, seed) }, options);
        expect(everything(reordered, now)).toEqual(reference);
        const incremental = new RelationshipGraph(options);
        for (const interaction of shuffled(list, seed ^ 0x5bd1e995)) incremental.addInteraction(interaction);
        for (const user of USERS) incremental.markInternal(user.personUuid, user.userUuid);
        for (const affiliation of AFFILIATIONS) incremental.setAffiliation(affiliation.personUuid, affiliation.companyUuid);
        expect(everything(incremental, now)).toEqual(reference);
      }),
      { numRuns: 150 },
    );
  });

  it("gives scores in [0, 1] rounded to 9 decimals, displays and labels of those scores, and rankings in their documented order", () => {
    fc.assert(
      fc.property(interactions, time, halfLives, (list, now, parameters) => {
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS }, parameters === undefined ? {} : { parameters });
        for (const target of TARGETS) {
          const power = pathPower(graph, target, { now });
          if (power.score !== null) {
            expectScore(power.score, "PathPower");
            expect([power.score_display, power.strength_label]).toEqual([Math.round(100 * power.score), strengthLabel(power.score)]);
          }
          const { items } = recommendedPaths(graph, target, { now, maximumPathsPerItem: 2 });
          for (const item of items) {
            expectScore(item.connection_score, "item");
            expect(item.strength).toBe(strengthLabel(item.connection_score));
            item.paths.flat().forEach((hop) => expectScore(hop.connection_score, "hop"));
            item.path_strengths.forEach((strength) => expectScore(strength, "path"));
            // A user's score is their best path's; listed paths strongest first, at most as many as asked.
            if (item.paths.length > 0) expect(item.path_strengths[0]).toBe(item.connection_score);
            expect(item.path_strengths).toEqual([...item.path_strengths].sort((left, right) => right - left));
            expect(item.paths.length).toBeLessThanOrEqual(Math.min(2, item.path_count));
          }
          // Ranked by score, then path count, then user uuid.
          const keys = items.map((item) => [-item.connection_score, -item.path_count, item.user_uuid] as const);
          const sorted = [...keys].sort((left, right) => left[0] - right[0] || left[1] - right[1] || (left[2] < right[2] ? -1 : left[2] > right[2] ? 1 : 0));
          expect(keys).toEqual(sorted);
          for (const row of strongestRelationships(graph, target, { now, limit: 5 }) ?? []) {
            expectScore(row.rq, "strongest");
            expect(row.rq_pretty).toBe(Math.round(100 * row.rq));
          }
          // The last activity is never after now, and is the same wherever it is read.
          const last = lastActivityAt(graph, target, { now });
          if (last !== null) expect(last).toBeLessThanOrEqual(now);
          const derived = derivedFields(graph, target, { now });
          expect([derived.last_activity_at, derived.last_activity_date]).toEqual([last, last === null ? null : dateOf(last)]);
          const periods = activityStats(graph, target, { now }).periods;
          expect(periods.at(-1)?.last_activity_at ?? null).toBe(last);
          const totals = periods.map((period) => period.activity_counts.total);
          expect(totals).toEqual([...totals].sort((left, right) => left - right));
        }
        for (const { userUuid } of USERS) {
          for (const entry of relationshipQualityRanking(graph, userUuid, { now, limit: 10 }).entries) {
            expectScore(entry.rq, "RQ");
            expect(entry).toEqual(relationshipQuality(graph, userUuid, entry.person_uuid, { now }));
            if (entry.last_activity_at !== null) expect(entry.last_activity_date).toBe(dateOf(entry.last_activity_at));
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
