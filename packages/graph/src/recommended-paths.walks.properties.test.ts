/** Property: the strongest-first walk over the team-link table ranks exactly as the walk over every path. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { TeamLinkTable, teamLinkTable } from "./internal/team-link-table.js";
import { pathPower } from "./path-power.js";
import { recommendedPathsOfMany } from "./recommended-paths.js";
import { stateOf } from "./relationship-graph.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { RelationshipGraph } from "./relationship-graph.js";
import type { EntityReference, Interaction } from "./types.js";

const USERS = [0, 1, 2].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 14 }, (_, index) => `x${index}`);
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];
/** Enough persons without interactions that no ranking here copies the team-link table on its own. */
const PADDING = Array.from({ length: 1000 }, (_, index) => ({ personUuid: `padding${index}`, companyUuid: "padding" }));
/** acme: five of the external persons; globex: all of them, users' own persons too (never its members). */
const AFFILIATIONS = [
  ...EXTERNALS.slice(0, 5).map((personUuid) => ({ personUuid, companyUuid: "acme" })),
  ...[...EXTERNALS, ...USERS.map((user) => user.personUuid)].map((personUuid) => ({ personUuid, companyUuid: "globex" })),
  ...PADDING,
];

/** Days before NOW; negative values are in the future (upcoming meetings, mail dated ahead). */
const age = ageInDays(900);
const interactions = interactionLists(PERSONS, { age, length: { minLength: 60, maxLength: 240 }, maximumAttendees: 4 });
const person = fc.constantFrom(...PERSONS);
/** A change after the table was copied: a new interaction (some with persons new to the graph), a removal, a new user. */
const NEWCOMERS = ["n0", "n1", "n2"];
const anyone = fc.constantFrom(...PERSONS, ...NEWCOMERS);
const change = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("email" as const), days: age, senderUuid: anyone, recipientUuids: fc.array(anyone, { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("meeting" as const), days: age, attendeeUuids: fc.array(anyone, { minLength: 2, maxLength: 4 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("removal" as const), position: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("new user" as const), personUuid: fc.constantFrom(...EXTERNALS, ...NEWCOMERS) }) },
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function applyChange(graph: RelationshipGraph, step: Change, position: number, ids: string[]): void {
  if (step.kind === "removal") {
    graph.removeInteraction(ids[step.position % ids.length]!);
  } else if (step.kind === "new user") {
    graph.markInternal(step.personUuid, `user-${step.personUuid}`);
  } else {
    const { days, ...rest } = step;
    const id = `c${position}`;
    ids.push(id);
    graph.addInteraction({ ...rest, id, occurredAt: NOW - days * DAY } as Interaction);
  }
}

/** Two graphs of the same interactions: one ranked with the structures under test, one over every path. */
const twinGraphs = (list: Interaction[]): [RelationshipGraph, RelationshipGraph] => {
  const build = () => hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
  return [build(), build()];
};

/** Applies the same changes to each graph, removals picking among `list`'s interactions and the ones added. */
function applyChanges(graphs: RelationshipGraph[], list: Interaction[], changes: Change[]): void {
  for (const graph of graphs) {
    const ids = list.map((interaction) => interaction.id);
    changes.forEach((step, position) => applyChange(graph, step, position, ids));
  }
}

/**
 * Even weights make the bounds of the kept orders tight (a bound weighs every kind as the heaviest), so that
 * a bridge or a member read out of order, or left unread, shows in the answers.
 */
const weighting = (even: boolean) => (even ? { meetingWeight: 1, emailWeight: 1, oneWayFactor: 1 } : {});

const target: fc.Arbitrary<EntityReference> = fc.oneof(
  person.map((uuid) => ({ entity: "person" as const, uuid })),
  fc.constantFrom("acme", "globex").map((uuid) => ({ entity: "company" as const, uuid })),
);

/**
 * A graph changed after it was built, ranked: its interactions, at least `minimumChanges` changes, the targets,
 * paths listed per item, and two ages in days (the rankings' `now`, and when the two-hop counts settle).
 */
const changedGraphCase = (minimumChanges: number) =>
  [
    interactions,
    fc.array(change, { minLength: minimumChanges, maxLength: 30 }),
    fc.array(target, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 0, max: 3 }),
    age,
    age,
  ] as const;

describe("recommended paths, strongest bridges first", () => {
  it("ranks as the walk over every path: counts, best paths, listed paths and priority entries", () => {
    fc.assert(
      fc.property(
        interactions,
        fc.array(target, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        age,
        (list, targets, paths, priorities, days) => {
          const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
          const options = { now: NOW - days * DAY, maximumPathsPerItem: paths, maximumPriorityEntries: priorities };
          const everyPath = recommendedPathsOfMany(graph, targets, options);
          // With the table current, rankings read bridges from it, strongest first.
          teamLinkTable(stateOf("test", graph));
          expect(recommendedPathsOfMany(graph, targets, options)).toEqual(everyPath);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("ranks the same when the graph changed after the table was copied, and the table caught up", () => {
    fc.assert(
      fc.property(
        ...changedGraphCase(1),
        (list, changes, targets, paths, days, settledDays) => {
          const [withTable, everyPath] = twinGraphs(list);
          const state = stateOf("test", withTable);
          // Its two-hop counts settled before or after the rankings' `now`, and kept through the changes.
          const copied = teamLinkTable(state, NOW - settledDays * DAY);
          applyChanges([withTable, everyPath], list, changes);
          const options = { now: NOW - days * DAY, maximumPathsPerItem: paths, maximumPriorityEntries: 2 };
          expect(recommendedPathsOfMany(withTable, targets, options)).toEqual(recommendedPathsOfMany(everyPath, targets, options));
          const table = teamLinkTable(state);
          // Caught up unless the team changed; either way, as a copy made now would hold.
          expect(table === copied).toBe(!changes.some((step) => step.kind === "new user"));
          const fresh = TeamLinkTable.copy(state, table.settledAt);
          // The two-hop counts as they serve rankings, at times they serve.
          const nows = [table.settledAt, options.now, NOW + 1000 * DAY].filter((now) => now >= table.settledAt && now !== Infinity);
          // Every person's links, mask and two-hop counts, compared at once (one assertion per run keeps the property fast).
          const contents = (from: TeamLinkTable) =>
            state.records.flatMap((record) => {
              if (record === undefined) return [];
              const at = record.index;
              const links = Array.from({ length: from.end[at]! - from.start[at]! }, (_, offset) => [from.users[from.start[at]! + offset], from.edges[from.start[at]! + offset], from.firstAt[from.start[at]! + offset]]);
              const twoHop = nows.map((now) => {
                const counts = new Int32Array(from.team.length);
                from.addTwoHopCounts(state, at, now, counts);
                return Array.from(counts);
              });
              return [{ at, links, mask: Array.from(from.masks.subarray(at * from.maskStride, (at + 1) * from.maskStride)), twoHop }];
            });
          expect(contents(table)).toEqual(contents(fresh));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("recommended paths with each target's bridges kept in order", () => {
  it("ranks as the walk over every path, before and after the graph changed", () => {
    fc.assert(
      fc.property(
        ...changedGraphCase(0),
        fc.boolean(),
        (list, changes, targets, paths, days, settledDays, evenWeights) => {
          const [withOrders, everyPath] = twinGraphs(list);
          const state = stateOf("test", withOrders);
          // Every target keeps an order from its second ranking on, however few its neighbours.
          state.bridgeOrders.minimumNeighbours = 0;
          teamLinkTable(state, NOW - settledDays * DAY);
          const parameters = weighting(evenWeights);
          const options = { now: NOW - days * DAY, maximumPathsPerItem: paths, maximumPriorityEntries: 2, parameters };
          const expected = recommendedPathsOfMany(everyPath, targets, options);
          expect(recommendedPathsOfMany(withOrders, targets, options)).toEqual(expected);
          expect(recommendedPathsOfMany(withOrders, targets, options)).toEqual(expected);
          applyChanges([withOrders, everyPath], list, changes);
          // The orders as sorted before the changes, with the edges written since read apart; then sorted afresh.
          const changed = recommendedPathsOfMany(everyPath, targets, options);
          expect(recommendedPathsOfMany(withOrders, targets, options)).toEqual(changed);
          expect(recommendedPathsOfMany(withOrders, targets, options)).toEqual(changed);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("recommended paths to a company, its members read strongest first", () => {
  it("ranks as the walk over every path, contacts included, before and after the graph changed", () => {
    fc.assert(
      fc.property(
        ...changedGraphCase(0),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        (list, changes, targets, paths, days, settledDays, contacts, evenWeights) => {
          const [byBound, everyPath] = twinGraphs(list);
          const state = stateOf("test", byBound);
          // Every company is read by bound, however few its members (the padding company too).
          state.membersByBound.minimumMembers = 0;
          teamLinkTable(state, NOW - settledDays * DAY);
          const parameters = weighting(evenWeights);
          const options = { now: NOW - days * DAY, maximumPathsPerItem: paths, maximumPriorityEntries: 2, topExternalContactsLimit: contacts, parameters };
          const companies = [...targets, { entity: "company" as const, uuid: "globex" }];
          expect(recommendedPathsOfMany(byBound, companies, options)).toEqual(recommendedPathsOfMany(everyPath, companies, options));
          applyChanges([byBound, everyPath], list, changes);
          expect(recommendedPathsOfMany(byBound, companies, options)).toEqual(recommendedPathsOfMany(everyPath, companies, options));
          const contactsOnly = { ...options, includeItems: false };
          expect(recommendedPathsOfMany(byBound, companies, contactsOnly)).toEqual(recommendedPathsOfMany(everyPath, companies, contactsOnly));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("a company's PathPower, its members read strongest first", () => {
  it("is the PathPower over every member, with or without a team-link table, before and after the graph changed", () => {
    fc.assert(
      fc.property(
        ...changedGraphCase(0),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.boolean(),
        (list, changes, _targets, _paths, days, settledDays, topCount, evenWeights, withTable) => {
          const [byBound, everyMember] = twinGraphs(list);
          const state = stateOf("test", byBound);
          state.membersByBound.minimumMembers = 0;
          if (withTable) teamLinkTable(state, NOW - settledDays * DAY);
          const parameters = { pathPowerTopCount: topCount, ...weighting(evenWeights) };
          const options = { now: NOW - days * DAY, parameters };
          const scores = (graph: RelationshipGraph) => ["acme", "globex"].map((uuid) => pathPower(graph, { entity: "company", uuid }, options));
          expect(scores(byBound)).toEqual(scores(everyMember));
          applyChanges([byBound, everyMember], list, changes);
          expect(scores(byBound)).toEqual(scores(everyMember));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("recommended paths from a team wider than one mask word", () => {
  // 40 users: a bridge's team slots fill two numbers of its mask (team-link-table.ts).
  const WIDE_USERS = Array.from({ length: 40 }, (_, index) => ({ userUuid: `w${index}`, personUuid: `wq${index}` }));
  const WIDE_PERSONS = [...WIDE_USERS.map((user) => user.personUuid), ...EXTERNALS.slice(0, 8)];
  const wideInteractions = interactionLists(WIDE_PERSONS, { age, length: { minLength: 100, maxLength: 300 }, maximumAttendees: 6 });
  const wideTarget = fc.constantFrom(...WIDE_PERSONS).map((uuid): EntityReference => ({ entity: "person", uuid }));

  it("ranks as the walk over every path", () => {
    fc.assert(
      fc.property(wideInteractions, fc.array(wideTarget, { minLength: 1, maxLength: 4 }), age, (list, targets, days) => {
        const graph = hydrateGraph({ interactions: list, internalUsers: WIDE_USERS, affiliations: PADDING });
        const options = { now: NOW - days * DAY, maximumPathsPerItem: 2, maximumPriorityEntries: 1 };
        const everyPath = recommendedPathsOfMany(graph, targets, options);
        teamLinkTable(stateOf("test", graph));
        expect(recommendedPathsOfMany(graph, targets, options)).toEqual(everyPath);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a company's top external contacts", () => {
  it("are the same whether the ranking of its items scored the members' team links first or not", () => {
    fc.assert(
      fc.property(interactions, fc.integer({ min: 1, max: 5 }), age, fc.boolean(), (list, contacts, days, copied) => {
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: AFFILIATIONS });
        if (copied) teamLinkTable(stateOf("test", graph));
        const acme: EntityReference = { entity: "company", uuid: "acme" };
        const options = { now: NOW - days * DAY, topExternalContactsLimit: contacts };
        const [withItems] = recommendedPathsOfMany(graph, [acme], options);
        const [contactsOnly] = recommendedPathsOfMany(graph, [acme], { ...options, includeItems: false });
        expect(withItems!.top_external_contacts).toEqual(contactsOnly!.top_external_contacts);
        expect(contactsOnly!.items).toEqual([]);
        expect(contactsOnly!.total).toBe(withItems!.total);
      }),
      { numRuns: 150 },
    );
  });
});
