/**
 * The same interactions, all of them older, never weigh more (docs/scoring.md): every score a caller reads (connection
 * score, RQ, PathPower of a person and of a company, a user's best recommended path) is at most what it is with the
 * interactions as they were. Interactions are all at or before `now`: moving a future one back would make it count.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPower } from "./path-power.js";
import { recommendedPaths } from "./recommended-paths.js";
import type { RelationshipGraph } from "./relationship-graph.js";
import { relationshipQuality } from "./relationship-quality.js";
import { DAY, NOW } from "./testing/builders.js";
import { interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityReference, Interaction } from "./types.js";

/** Fast and rescanning evaluations may differ in their last bit before rounding to 1e-9. */
const TOLERANCE = 2e-9;
const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"] as const;
const USERS = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
const AFFILIATIONS = [
  { personUuid: "p3", companyUuid: "acme" },
  { personUuid: "p4", companyUuid: "acme" },
];
const TARGETS: EntityReference[] = [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" }];

/** Every score of the small world, keyed by what it is. */
function scores(interactions: Interaction[]): Map<string, number> {
  const graph: RelationshipGraph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
  const now = NOW;
  const all = new Map<string, number>();
  PERSONS.forEach((first, index) => {
    for (const second of PERSONS.slice(index + 1)) all.set(`pair ${first} ${second}`, connectionScore(graph, first, second, { now }));
    for (const user of USERS) all.set(`rq ${user.userUuid} ${first}`, relationshipQuality(graph, user.userUuid, first, { now })?.rq ?? 0);
  });
  for (const target of TARGETS) {
    all.set(`pathPower ${target.uuid}`, pathPower(graph, target, { now }).score ?? 0);
    for (const item of recommendedPaths(graph, target, { now }).items) all.set(`path ${item.user_uuid} ${target.uuid}`, item.connection_score);
  }
  return all;
}

describe("older interactions", () => {
  it("never weigh more than the same interactions newer, in any score", () => {
    const past = fc.integer({ min: 0, max: 700 });
    fc.assert(
      fc.property(
        interactionLists(PERSONS, { age: past, length: { minLength: 1, maxLength: 14 }, maximumAttendees: 4 }),
        fc.integer({ min: 1, max: 400 }),
        (interactions, gapDays) => {
          const newer = scores(interactions);
          const older = scores(interactions.map((interaction) => ({ ...interaction, occurredAt: interaction.occurredAt - gapDays * DAY })));
          for (const [key, score] of older) expect(score, key).toBeLessThanOrEqual((newer.get(key) ?? 0) + TOLERANCE);
        },
      ),
      { numRuns: 50 },
    );
  });
});
