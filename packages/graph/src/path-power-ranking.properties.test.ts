/** Property: the rankings by PathPower and by RQ answer as scoring every candidate and sorting would. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { teamLinkTable } from "./internal/team-link-table.js";
import { pathPower } from "./path-power.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { relationshipQuality } from "./relationship-quality.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { ScoringParameterOverrides } from "./scoring-parameters.js";
import type { EntityKind, Interaction, PathPowerScore, RelationshipQuality } from "./types.js";

const USERS = [0, 1, 2].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 16 }, (_, index) => `x${index}`);
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];
/** Companies of overlapping members; q0 (a user's person) is at acme too, and never one of its members. */
const AFFILIATIONS = [
  ...EXTERNALS.slice(0, 6).map((personUuid) => ({ personUuid, companyUuid: "acme" })),
  ...EXTERNALS.slice(4, 12).map((personUuid) => ({ personUuid, companyUuid: "globex" })),
  ...EXTERNALS.slice(10).map((personUuid) => ({ personUuid, companyUuid: `solo-${personUuid}` })),
  { personUuid: "q0", companyUuid: "acme" },
];

const age = ageInDays(900);
const interactions = interactionLists(PERSONS, { age, length: { minLength: 20, maxLength: 160 }, maximumAttendees: 4 });
/**
 * Interactions of one user and one external person only, a few days apart: each person's strongest edge is a team
 * link, so with even weights its bound is nearly its PathPower and a candidate read out of order shows.
 */
const teamInteractions = fc
  .array(
    fc.record({
      user: fc.constantFrom(...USERS.map((user) => user.personUuid)),
      external: fc.constantFrom(...EXTERNALS),
      days: fc.integer({ min: -3, max: 20 }),
      meeting: fc.boolean(),
    }),
    { minLength: 5, maxLength: 80 },
  )
  .map((drafts) =>
    drafts.map(({ user, external, days, meeting }, index): Interaction => {
      const occurredAt = NOW - days * DAY;
      const id = `t${index}`;
      return meeting ? { id, kind: "meeting", occurredAt, attendeeUuids: [user, external] } : { id, kind: "email", occurredAt, senderUuid: user, recipientUuids: [external] };
    }),
  );
const anyInteractions = fc.oneof(interactions, teamInteractions);

/** Even weights make the bounds tight (a bound weighs every kind as the heaviest): a candidate read out of order shows. */
const EVEN = { meetingWeight: 1, emailWeight: 1, oneWayFactor: 1 };
const parameters = fc.constantFrom<ScoringParameterOverrides | undefined>(undefined, EVEN, EVEN, { halfLifeDays: 30 });
const page = fc.record({ offset: fc.integer({ min: 0, max: 12 }), limit: fc.integer({ min: 1, max: 8 }) });

const byScoreThenUuid = (left: PathPowerScore, right: PathPowerScore) => right.score! - left.score! || (left.uuid < right.uuid ? -1 : 1);

/** Every external neighbour of the team (or their companies) scored one by one and sorted: what the ranking must answer. */
function everyPathPower(graph: RelationshipGraph, entity: EntityKind, options: { now: number; parameters?: ScoringParameterOverrides }): PathPowerScore[] {
  const internal = new Set(graph.internalUsers().map((user) => user.personUuid));
  const contacts = new Set<string>();
  for (const personUuid of internal) for (const neighbour of graph.neighboursOf(personUuid)) if (!internal.has(neighbour)) contacts.add(neighbour);
  const uuids = entity === "person" ? [...contacts] : [...new Set([...contacts].flatMap((person) => graph.companiesOf(person)))];
  return uuids
    .map((uuid) => pathPower(graph, { entity, uuid }, options))
    .filter((score) => score.score !== null)
    .sort(byScoreThenUuid);
}

/** The user's external neighbours with a counted interaction, by RQ then uuid. */
function everyQuality(graph: RelationshipGraph, userUuid: string, options: { now: number; parameters?: ScoringParameterOverrides }): RelationshipQuality[] {
  const personUuid = graph.personOfUser(userUuid);
  if (personUuid === undefined || personUuid === null) return [];
  const internal = new Set(graph.internalUsers().map((user) => user.personUuid));
  return graph
    .neighboursOf(personUuid)
    .filter((neighbour) => !internal.has(neighbour))
    .map((neighbour) => relationshipQuality(graph, userUuid, neighbour, options)!)
    .filter((quality) => quality.interaction_count > 0)
    .sort((left, right) => right.rq - left.rq || (left.person_uuid < right.person_uuid ? -1 : 1));
}

/** The graph of `list`, and the same with a team-link table kept (as a large graph keeps one), then changed alike. */
function twinGraphs(list: Interaction[], later: Interaction[]): { plain: RelationshipGraph; withTable: RelationshipGraph } {
  const build = () => hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
  const plain = build();
  const withTable = build();
  teamLinkTable(stateOf("test", withTable));
  for (const graph of [plain, withTable]) for (const interaction of later) graph.addInteraction(interaction);
  return { plain, withTable };
}

describe("pathPowerRanking", () => {
  it("answers the page and total of every candidate scored and sorted, with or without the table", () => {
    fc.assert(
      fc.property(anyInteractions, anyInteractions, fc.integer({ min: -5, max: 900 }), parameters, page, fc.constantFrom("person" as const, "company" as const), (list, more, days, overrides, { offset, limit }, entity) => {
        const later = more.map((interaction) => ({ ...interaction, id: `later-${interaction.id}` }));
        const { plain, withTable } = twinGraphs(list, later);
        const options = { now: NOW - days * DAY, ...(overrides ? { parameters: overrides } : {}) };
        const expected = everyPathPower(plain, entity, options);
        const want = { total: expected.length, entries: expected.slice(offset, offset + limit) };
        expect(pathPowerRanking(withTable, entity, { ...options, offset, limit })).toEqual(want);
        expect(pathPowerRanking(plain, entity, { ...options, offset, limit })).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe("relationshipQualityRanking", () => {
  it("answers the page and total of every neighbour's RQ sorted", () => {
    fc.assert(
      fc.property(anyInteractions, age, parameters, page, fc.constantFrom("u0", "u1", "u2", "u-unknown"), (list, days, overrides, { offset, limit }, userUuid) => {
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
        const options = { now: NOW - days * DAY, ...(overrides ? { parameters: overrides } : {}) };
        const expected = everyQuality(graph, userUuid, options);
        expect(relationshipQualityRanking(graph, userUuid, { ...options, offset, limit })).toEqual({
          total: expected.length,
          entries: expected.slice(offset, offset + limit),
        });
      }),
      { numRuns: 200 },
    );
  });
});
