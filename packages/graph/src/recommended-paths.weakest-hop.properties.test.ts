/**
 * A recommended path is never stronger than its weakest hop (docs/scoring.md: its strength is the product of its hops'
 * connection scores, each in [0, 1]), to a person and to a company alike, and each hop's score is the connection score
 * of the pair it crosses: what a caller reading `paths` and `path_strengths` relies on.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { recommendedPaths } from "./recommended-paths.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityReference } from "./types.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5", "p6"] as const;
const USERS = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
const AFFILIATIONS = [
  { personUuid: "p3", companyUuid: "acme" },
  { personUuid: "p4", companyUuid: "acme" },
  { personUuid: "p5", companyUuid: "acme" },
];
const TARGETS: EntityReference[] = [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" }];

describe("recommendedPaths, hop by hop", () => {
  it("never lists a path stronger than its weakest hop, nor an item stronger than its best path, each hop scored as its pair is", () => {
    fc.assert(
      fc.property(
        interactionLists(PERSONS, { age: ageInDays(700), length: { minLength: 0, maxLength: 16 }, maximumAttendees: 4 }),
        fc.integer({ min: -30, max: 400 }),
        (interactions, days) => {
          const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
          const now = NOW - days * DAY;
          for (const target of TARGETS) {
            for (const item of recommendedPaths(graph, target, { now }).items) {
              expect(item.paths).toHaveLength(item.path_strengths.length);
              item.paths.forEach((hops, position) => {
                const strength = item.path_strengths[position]!;
                expect(strength).toBeLessThanOrEqual(item.connection_score);
                let from = item.person_uuid;
                for (const hop of hops) {
                  expect(strength, `${item.user_uuid} via ${hops.map((each) => each.person_uuid).join(" → ")}`).toBeLessThanOrEqual(hop.connection_score);
                  expect(hop.connection_score).toBe(connectionScore(graph, from, hop.person_uuid, { now }));
                  expect(hop.last_interaction_at === null || hop.last_interaction_at <= now).toBe(true);
                  from = hop.person_uuid;
                }
              });
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
