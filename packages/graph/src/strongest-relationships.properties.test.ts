/** Property: a large company's strongest relationships, its members read strongest bound first, are every member's. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { teamLinkTable } from "./internal/team-link-table.js";
import { stateOf } from "./relationship-graph.js";
import type { ScoringParameterOverrides } from "./scoring-parameters.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";

const USERS = [0, 1, 2, 3].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 14 }, (_, index) => `x${index}`);
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];
/** acme: most external persons and one user's own person (never a member); globex: a few. */
const AFFILIATIONS = [
  ...EXTERNALS.slice(0, 11).map((personUuid) => ({ personUuid, companyUuid: "acme" })),
  { personUuid: "q1", companyUuid: "acme" },
  ...EXTERNALS.slice(9).map((personUuid) => ({ personUuid, companyUuid: "globex" })),
];

const age = ageInDays(900);
const interactions = interactionLists(PERSONS, { age, length: { minLength: 10, maxLength: 200 }, maximumAttendees: 4 });
const EVEN = { meetingWeight: 1, emailWeight: 1, oneWayFactor: 1 };
const parameters = fc.constantFrom<ScoringParameterOverrides | undefined>(undefined, EVEN, EVEN, { halfLifeDays: 30 });

describe("strongestRelationships of a company, members strongest first", () => {
  it("answers as reading every member: rows, people, scores and engagement dates, with or without the team-link table", () => {
    fc.assert(
      fc.property(interactions, fc.integer({ min: -60, max: 900 }), parameters, fc.integer({ min: 0, max: 5 }), fc.constantFrom("acme", "globex"), fc.boolean(), interactions, (list, days, overrides, limit, company, withTable, later) => {
        const build = () => hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
        const byBound = build();
        const everyMember = build();
        stateOf("test", byBound).membersByBound.minimumMembers = 0;
        stateOf("test", everyMember).membersByBound.minimumMembers = Infinity;
        // With a team-link table (as a large graph keeps), caught up with interactions added after its copy.
        if (withTable) teamLinkTable(stateOf("test", byBound));
        for (const graph of [byBound, everyMember]) for (const interaction of later.slice(0, 20)) graph.addInteraction({ ...interaction, id: `later-${interaction.id}` });
        const options = { now: NOW - days * DAY, limit, ...(overrides ? { parameters: overrides } : {}) };
        const reference = { entity: "company" as const, uuid: company };
        expect(strongestRelationships(byBound, reference, options)).toEqual(strongestRelationships(everyMember, reference, options));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps last_engaged_at in step with writes after a first read: added, moved, removed interactions, users marked and unmarked", () => {
    fc.assert(
      fc.property(
        interactions,
        fc.integer({ min: -60, max: 900 }),
        fc.integer({ min: -60, max: 900 }),
        fc.constantFrom("acme", "globex"),
        interactions,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -60, max: 900 })), { maxLength: 8 }),
        fc.constantFrom("none", "unmark", "mark"),
        (list, days, laterDays, company, later, removals, moves, teamChange) => {
          const build = () => hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
          const byBound = build();
          const everyMember = build();
          stateOf("test", byBound).membersByBound.minimumMembers = 0;
          stateOf("test", everyMember).membersByBound.minimumMembers = Infinity;
          const reference = { entity: "company" as const, uuid: company };
          // The first read keeps each member's latest team interaction; everything below must reach it.
          strongestRelationships(byBound, reference, { now: NOW - days * DAY, limit: 2 });
          for (const graph of [byBound, everyMember]) {
            for (const interaction of later.slice(0, 10)) graph.addInteraction({ ...interaction, id: `later-${interaction.id}` });
            for (const [pick, movedDays] of moves) {
              const moved = list[pick % list.length]!;
              graph.updateInteraction({ ...moved, occurredAt: NOW - movedDays * DAY });
            }
            for (const pick of removals) graph.removeInteraction(list[pick % list.length]!.id);
            if (teamChange === "unmark") graph.unmarkInternal("u2");
            if (teamChange === "mark") graph.markInternal("x3", "u9");
          }
          for (const now of [NOW - days * DAY, NOW - laterDays * DAY]) {
            const options = { now, limit: 2 };
            expect(strongestRelationships(byBound, reference, options)).toEqual(strongestRelationships(everyMember, reference, options));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
