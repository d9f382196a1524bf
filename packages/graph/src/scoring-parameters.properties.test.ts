/** Property: a parameter set that validation accepts gives finite scores in [0, 1] from every scoring function. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPower } from "./path-power.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { recommendedPaths } from "./recommended-paths.js";
import type { RelationshipGraph } from "./relationship-graph.js";
import { relationshipQuality } from "./relationship-quality.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { resolveScoringParameters, type ScoringParameterOverrides } from "./scoring-parameters.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import { ENTITY_KINDS, type Interaction, type RecommendedPathsResponse, type ScoringOptions } from "./types.js";

const USERS = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"];
const AFFILIATIONS = [
  { personUuid: "p3", companyUuid: "acme" },
  { personUuid: "p4", companyUuid: "acme" },
];
const TARGETS = [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" } as const];

const positive = fc.oneof(fc.double({ min: Number.MIN_VALUE, max: 1e9, noNaN: true }), fc.constantFrom(Number.MIN_VALUE, 1e-12, 1, 8, 1e9));
const days = fc.oneof(fc.double({ min: Number.MIN_VALUE, max: 1e8, noNaN: true }), fc.constantFrom(1e-6, 1, 90, 1e8));
const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const wholeDays = fc.oneof(fc.integer({ min: 1, max: 1e8 }), fc.constantFrom(1, 90, 1e8));
const attendees = fc.oneof(fc.integer({ min: 2, max: 200 }), fc.constantFrom(2, Number.MAX_SAFE_INTEGER, 1e308));
const topCount = fc.integer({ min: 1, max: 100 });
const thresholds = fc
  .uniqueArray(fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 })
  .map((values) => values.sort((left, right) => left - right))
  .map(([moderate, strong, veryStrong]) => ({ moderate, strong, veryStrong }));

/** Values across the ranges deployments could mean, the extremes included. */
const usualOverrides = fc.record(
  {
    halfLifeDays: days,
    emailWeight: positive,
    meetingWeight: positive,
    oneWayFactor: fraction,
    audienceExponent: positive,
    saturation: positive,
    maximumMeetingAttendees: attendees,
    pathPowerTopCount: topCount,
    reasonWindowDays: wholeDays,
    strengthThresholds: thresholds,
  },
  { requiredKeys: [] },
);
type NumericParameter = Exclude<keyof ScoringParameterOverrides, "strengthThresholds">;
const NUMERIC_PARAMETERS: NumericParameter[] = [
  "halfLifeDays",
  "emailWeight",
  "meetingWeight",
  "oneWayFactor",
  "audienceExponent",
  "saturation",
  "maximumMeetingAttendees",
  "pathPowerTopCount",
  "reasonWindowDays",
];
const anyNumber = fc.oneof(fc.double(), fc.constantFrom(1e308, Number.MAX_VALUE, 1.0000001e9, 1.0000001e8, 101, 2 ** 31));

/** Usual values, and in half the runs one parameter set to any number at all: validation must refuse it or cope. */
const parameterOverrides: fc.Arbitrary<ScoringParameterOverrides> = fc
  .tuple(usualOverrides, fc.oneof(fc.constant(undefined), fc.tuple(fc.constantFrom(...NUMERIC_PARAMETERS), anyNumber)))
  .map(([overrides, wild]) => (wild === undefined ? overrides : { ...overrides, [wild[0]]: wild[1] }));

const interactions = interactionLists(PERSONS, { age: ageInDays(900), length: { minLength: 0, maxLength: 24 }, maximumAttendees: 4 });

/** Every score the package answers for the small world, by what it is. */
function everyScore(graph: RelationshipGraph, options: ScoringOptions): [string, number | null][] {
  const scores: [string, number | null][] = [];
  const fromPaths = (answer: RecommendedPathsResponse) => {
    for (const item of answer.items) {
      scores.push([`path ${item.user_uuid} ${answer.target_uuid}`, item.connection_score]);
      item.path_strengths.forEach((strength, position) => scores.push([`path strength ${position}`, strength]));
      for (const hop of item.paths.flat()) scores.push([`hop ${hop.person_uuid}`, hop.connection_score]);
      for (const entry of item.priority_management) scores.push([`priority rq ${entry.person_uuid}`, entry.rq]);
    }
    for (const contact of answer.top_external_contacts) {
      scores.push([`contact ${contact.person_uuid}`, contact.connection_score]);
      for (const connector of contact.internal_connectors) scores.push([`connector ${connector.internal_user_uuid}`, connector.path_power_score]);
    }
  };
  for (const first of PERSONS) {
    for (const second of PERSONS) if (first < second) scores.push([`pair ${first} ${second}`, connectionScore(graph, first, second, options)]);
    for (const user of USERS) scores.push([`rq ${user.userUuid} ${first}`, relationshipQuality(graph, user.userUuid, first, options)?.rq ?? null]);
  }
  for (const target of TARGETS) {
    scores.push([`pathPower ${target.uuid}`, pathPower(graph, target, options).score]);
    fromPaths(recommendedPaths(graph, target, options));
    for (const row of strongestRelationships(graph, target, options) ?? []) scores.push([`strongest ${row.person_uuid}`, row.rq]);
  }
  for (const entity of ENTITY_KINDS) {
    for (const entry of pathPowerRanking(graph, entity, { ...options, limit: 10 }).entries) scores.push([`ranked ${entry.uuid}`, entry.score]);
  }
  for (const user of USERS) {
    for (const entry of relationshipQualityRanking(graph, user.userUuid, { ...options, limit: 10 }).entries) scores.push([`rq ranked ${entry.person_uuid}`, entry.rq]);
  }
  return scores;
}

function expectScoresInRange(scores: [string, number | null][]): void {
  for (const [name, score] of scores) {
    if (score === null) continue;
    expect(Number.isFinite(score), `${name}: ${score}`).toBe(true);
    expect(score, name).toBeGreaterThanOrEqual(0);
    expect(score, name).toBeLessThanOrEqual(1);
  }
}

/** Whether validation accepts `overrides`; a refusal must be the package's error naming the function. */
function accepted(overrides: ScoringParameterOverrides): boolean {
  try {
    resolveScoringParameters(overrides);
    return true;
  } catch (error) {
    expect((error as Error).message).toMatch(/^resolveScoringParameters: expecting /);
    return false;
  }
}

describe("scoring parameters", () => {
  it("give finite scores in [0, 1] from every function whenever validation accepts them, for the graph or for a call", () => {
    fc.assert(
      fc.property(parameterOverrides, interactions, fc.integer({ min: -60, max: 400 }), (overrides, list: Interaction[], shift) => {
        if (!accepted(overrides)) return;
        const now = NOW + shift * DAY;
        const tuned = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS }, { parameters: overrides });
        expectScoresInRange(everyScore(tuned, { now }));
        // maximumMeetingAttendees is the graph's own: a call cannot override it.
        const { maximumMeetingAttendees: _fixed, ...perCall } = overrides;
        const plain = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
        expectScoresInRange(everyScore(plain, { now, parameters: perCall }));
      }),
      { numRuns: 150 },
    );
  });
});
