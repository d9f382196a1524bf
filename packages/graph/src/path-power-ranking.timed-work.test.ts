/**
 * pathPowerRanking by the latest interaction or within a time range, on a graph that keeps a team-link table (as a
 * large one does): it answers as every candidate scored, filtered and sorted, and scores only what the order needs
 * (the page's entries when sorted by time; the matches in range when by PathPower), not every candidate. What it
 * scores is counted as the team links it scores (`scoreAt` of the graph's state).
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { teamLinkTable } from "./internal/team-link-table.js";
import { pathPower } from "./path-power.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import { teamLastActivityAt } from "./team-last-activity.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityKind, Interaction, PathPowerScore } from "./types.js";

const USERS = [0, 1, 2].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 60 }, (_, index) => `x${String(index).padStart(2, "0")}`);
/** Six companies of ten contacts each. */
const AFFILIATIONS = EXTERNALS.map((personUuid, index) => ({ personUuid, companyUuid: `c${index % 6}` }));

/** The graph of `interactions` with a team-link table kept, as a large graph keeps one from hydration on. */
function graphWithTable(interactions: Interaction[]): RelationshipGraph {
  const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
  teamLinkTable(stateOf("test", graph));
  return graph;
}

/** Each contact emailed by a user `index + 1` days before NOW, and met by all three ten days before that. */
const everyContactKnown = (): Interaction[] =>
  EXTERNALS.flatMap((person, index): Interaction[] => [
    { id: `e${index}`, kind: "email", occurredAt: NOW - (index + 1) * DAY, senderUuid: USERS[index % 3]!.personUuid, recipientUuids: [person] },
    { id: `m${index}`, kind: "meeting", occurredAt: NOW - (index + 11) * DAY, attendeeUuids: [...USERS.map((user) => user.personUuid), person] },
  ]);

let linksScored: MockInstance | undefined;
/** Starts counting the team links `graph` scores from now on. */
function countLinksScored(graph: RelationshipGraph): MockInstance {
  const state = stateOf("test", graph);
  linksScored = vi.spyOn(state, "scoreAt");
  return linksScored;
}

/** Every candidate scored one by one, those in range kept, sorted as asked: what the ranking must answer. */
function expectedRanking(
  graph: RelationshipGraph,
  entity: EntityKind,
  sortBy: "path_power" | "last_activity",
  order: "asc" | "desc",
  from: number | undefined,
  to: number | undefined,
): PathPowerScore[] {
  const uuids = entity === "person" ? EXTERNALS : [...new Set(AFFILIATIONS.map((affiliation) => affiliation.companyUuid))];
  const lastOf = (uuid: string) => teamLastActivityAt(graph, { entity, uuid }, { now: NOW });
  const direction = order === "desc" ? -1 : 1;
  const key = (score: PathPowerScore) => (sortBy === "path_power" ? score.score! : lastOf(score.uuid)!);
  return uuids
    .map((uuid) => pathPower(graph, { entity, uuid }, { now: NOW }))
    .filter((score) => {
      const at = lastOf(score.uuid);
      return score.score !== null && at !== null && (from === undefined || at >= from) && (to === undefined || at <= to);
    })
    .sort((left, right) => direction * (key(left) - key(right)) || (left.uuid < right.uuid ? -1 : 1));
}

describe("pathPowerRanking by time, on a graph with a team-link table", () => {
  afterEach(() => linksScored?.mockRestore());

  it("scores only the page's persons when sorted by the latest interaction", () => {
    const graph = graphWithTable(everyContactKnown());
    const expected = expectedRanking(graph, "person", "last_activity", "desc", undefined, undefined);
    const scored = countLinksScored(graph);
    const page = pathPowerRanking(graph, "person", { now: NOW, offset: 5, limit: 3, sortBy: "last_activity" });
    // Three persons of three team links each; not the sixty candidates.
    expect(scored.mock.calls.length).toBe(9);
    expect(page.total).toBe(60);
    expect(page.entries.map((entry) => entry.uuid)).toEqual(["x05", "x06", "x07"]);
    expect(page.entries).toEqual(expected.slice(5, 8));
  });

  it("scores only the persons in range when ranked by PathPower within a time range", () => {
    const graph = graphWithTable(everyContactKnown());
    // The last ten days: x00 to x09 (emailed 1 to 10 days ago).
    const expected = expectedRanking(graph, "person", "path_power", "desc", NOW - 10 * DAY, undefined);
    const scored = countLinksScored(graph);
    const page = pathPowerRanking(graph, "person", { now: NOW, limit: 4, lastActivityFrom: NOW - 10 * DAY });
    // At most the ten persons in range, three team links each; not the sixty candidates.
    expect(scored.mock.calls.length).toBeGreaterThan(0);
    expect(scored.mock.calls.length).toBeLessThanOrEqual(30);
    expect(page.total).toBe(10);
    expect(page.entries).toEqual(expected.slice(0, 4));
  });

  it("scores only the page's companies when sorted by the latest interaction", () => {
    const graph = graphWithTable(everyContactKnown());
    const expected = expectedRanking(graph, "company", "last_activity", "asc", undefined, undefined);
    const scored = countLinksScored(graph);
    const page = pathPowerRanking(graph, "company", { now: NOW, limit: 2, sortBy: "last_activity", order: "asc" });
    // Two companies of ten members, three team links each; not the six companies.
    expect(scored.mock.calls.length).toBeGreaterThan(0);
    expect(scored.mock.calls.length).toBeLessThanOrEqual(60);
    expect(page.total).toBe(6);
    expect(page.entries).toEqual(expected.slice(0, 2));
  });

  it("answers, for any interactions, every candidate in range scored and sorted", () => {
    const persons = [...USERS.map((user) => user.personUuid), ...EXTERNALS.slice(0, 12)];
    const bound = fc.option(fc.integer({ min: -40, max: 400 }).map((days) => NOW - days * DAY), { nil: undefined });
    fc.assert(
      fc.property(
        interactionLists(persons, { age: ageInDays(400), length: { minLength: 0, maxLength: 60 }, maximumAttendees: 4 }),
        fc.constantFrom<EntityKind>("person", "company"),
        fc.constantFrom("path_power" as const, "last_activity" as const),
        fc.constantFrom("asc" as const, "desc" as const),
        bound,
        bound,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (interactions, entity, sortBy, order, from, to, offset, limit) => {
          const graph = graphWithTable(interactions);
          const expected = expectedRanking(graph, entity, sortBy, order, from, to);
          const answer = pathPowerRanking(graph, entity, { now: NOW, limit, offset, sortBy, order, lastActivityFrom: from, lastActivityTo: to });
          expect(answer.total).toBe(expected.length);
          expect(answer.entries).toEqual(expected.slice(offset, offset + limit));
        },
      ),
      { numRuns: 300 },
    );
  });
});
