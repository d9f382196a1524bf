/**
 * Property: a hydration records affiliations company by company (so that a company's members lie together in
 * memory), and no answer depends on it: the rankings are those of the same graph built row by row.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { recommendedPathsOfMany } from "./recommended-paths.js";
import { RelationshipGraph, stateOf } from "./relationship-graph.js";
import { NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { Affiliation, EntityReference, Interaction } from "./types.js";

const USERS = [0, 1].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 10 }, (_, index) => `x${index}`);
const COMPANIES = ["c0", "c1", "c2", "c3"];
const interactions = interactionLists([...USERS.map((user) => user.personUuid), ...EXTERNALS], {
  age: ageInDays(400),
  length: { minLength: 10, maxLength: 80 },
  maximumAttendees: 4,
});
/** Rows in any order, a person possibly at several companies (or twice at one), users included. */
const affiliationRows = fc.array(
  fc.record({ personUuid: fc.constantFrom(...EXTERNALS, "q0"), companyUuid: fc.constantFrom(...COMPANIES), current: fc.boolean() }),
  { maxLength: 25 },
);
const TARGETS: EntityReference[] = [
  ...COMPANIES.map((uuid) => ({ entity: "company" as const, uuid })),
  ...EXTERNALS.map((uuid) => ({ entity: "person" as const, uuid })),
];
const OPTIONS = { now: NOW, maximumPathsPerItem: 3, maximumPriorityEntries: 3 };

/** The same graph built one row at a time, in the rows' own order. */
function rowByRow(list: readonly Interaction[], rows: readonly Affiliation[]): RelationshipGraph {
  const graph = new RelationshipGraph();
  for (const user of USERS) graph.markInternal(user.personUuid, user.userUuid);
  for (const row of rows) if (row.current !== false) graph.setAffiliation(row.personUuid, row.companyUuid);
  for (const interaction of list) graph.addInteraction(interaction);
  return graph;
}

describe("hydration's affiliations", () => {
  it("rank as the same rows recorded one by one", async () => {
    await fc.assert(
      fc.asyncProperty(interactions, affiliationRows, async (list, rows) => {
        const built = rowByRow(list, rows);
        const expected = recommendedPathsOfMany(built, TARGETS, OPTIONS);
        expect(recommendedPathsOfMany(hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: rows }), TARGETS, OPTIONS)).toEqual(expected);
        const hydrated = await hydrateGraphAsync({ interactions: list, internalUsers: USERS, affiliations: rows });
        expect(recommendedPathsOfMany(hydrated, TARGETS, OPTIONS)).toEqual(expected);
        for (const company of COMPANIES) expect(hydrated.affiliatedPersons(company)).toEqual(built.affiliatedPersons(company));
      }),
      { numRuns: 150 },
    );
  });

  it("give a company's members, first seen there, neighbouring indices, the largest companies first", () => {
    fc.assert(
      fc.property(affiliationRows, (rows) => {
        const state = stateOf("test", hydrateGraph({ interactions: [], internalUsers: USERS, affiliations: rows }));
        const current = rows.filter((row) => row.current !== false);
        const membersOf = (company: string) => current.filter((row) => row.companyUuid === company);
        const largestFirst = [...new Set(current.map((row) => row.companyUuid))].sort((first, second) => membersOf(second).length - membersOf(first).length);
        const seen = new Set(USERS.map((user) => user.personUuid));
        for (const company of largestFirst) {
          const firstSeenHere = [...new Set(membersOf(company).map((row) => row.personUuid))].filter((uuid) => !seen.has(uuid));
          const indices = firstSeenHere.map((uuid) => state.person(uuid)!.index);
          // Consecutive, and after every person seen before this company.
          expect(indices).toEqual(indices.map((_, position) => seen.size + position));
          for (const uuid of firstSeenHere) seen.add(uuid);
        }
      }),
      { numRuns: 200 },
    );
  });
});
