/** Property: a ranking limited to its first items answers exactly those items of the whole ranking. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { recommendedPaths } from "./recommended-paths.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityReference } from "./types.js";

const USERS = [0, 1, 2, 3, 4, 5].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 8 }, (_, index) => `x${index}`);
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];
const AFFILIATIONS = EXTERNALS.slice(0, 5).map((personUuid) => ({ personUuid, companyUuid: "acme" }));
/** Some users have no name: they sort after the named ones whatever the order. */
const NAMES = new Map([
  ["u0", "Zoe"],
  ["u1", "adam"],
  ["u2", "Adam"],
  ["u4", "mia"],
]);
const nameOf = (_personUuid: string, userUuid: string) => NAMES.get(userUuid) ?? null;

const target: fc.Arbitrary<EntityReference> = fc.oneof(
  fc.constantFrom(...PERSONS).map((uuid) => ({ entity: "person" as const, uuid })),
  fc.constant({ entity: "company" as const, uuid: "acme" }),
);

describe("recommended paths, limited", () => {
  it("lists the first `limit` items of the whole ranking, with the same total, by score or by name", () => {
    fc.assert(
      fc.property(
        interactionLists(PERSONS, { age: ageInDays(900), length: { minLength: 10, maxLength: 120 }, maximumAttendees: 4 }),
        target,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom("score" as const, "name" as const),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.integer({ min: 0, max: 3 }),
        (list, reference, limit, sortBy, order, priorities) => {
          const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
          const options = { now: NOW + DAY, sortBy, order, nameOf, maximumPathsPerItem: 2, maximumPriorityEntries: priorities };
          const whole = recommendedPaths(graph, reference, options);
          expect(recommendedPaths(graph, reference, { ...options, limit })).toEqual({ ...whole, items: whole.items.slice(0, limit) });
        },
      ),
      { numRuns: 200 },
    );
  });
});
