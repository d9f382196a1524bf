/**
 * Property: a hydration holds back the persons' list appends and makes each list once (staged-appends.ts),
 * and the lists are those the appends one by one would have made: the interactions in the order they were
 * indexed, with the same time-order flag as the same rows recorded one by one; the neighbours and team links
 * in the order their edges were made, which in a hydration is the order of the edges' slots.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import type { PersonRecord } from "./internal/graph-state.js";
import { RelationshipGraph, stateOf } from "./relationship-graph.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { Interaction } from "./types.js";

const USERS = [0, 1].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const PERSONS = [...USERS.map((user) => user.personUuid), ...Array.from({ length: 8 }, (_, index) => `x${index}`)];
/** Interactions, then some of them again with their ids and other content: a repeated id replaces the row. */
const rows = interactionLists(PERSONS, { age: ageInDays(400), length: { minLength: 1, maxLength: 60 }, maximumAttendees: 4 }).chain((list) =>
  fc
    .array(fc.tuple(fc.nat({ max: list.length - 1 }), fc.nat({ max: list.length - 1 })), { maxLength: 5 })
    .map((repeats): Interaction[] => [...list, ...repeats.map(([target, source]) => ({ ...list[source]!, id: list[target]!.id }))]),
);

/** The same rows recorded one at a time, no hydration. */
function rowByRow(list: readonly Interaction[]): RelationshipGraph {
  const graph = new RelationshipGraph();
  for (const user of USERS) graph.markInternal(user.personUuid, user.userUuid);
  for (const interaction of list) graph.updateInteraction(interaction);
  return graph;
}

function expectListsAsAppended(graph: RelationshipGraph, built: RelationshipGraph): void {
  const state = stateOf("test", graph);
  const builtState = stateOf("test", built);
  const uuidOf = (index: number): string => state.record(index).uuid;
  for (const record of state.records as PersonRecord[]) {
    const builtRecord = builtState.person(record.uuid)!;
    const idsOf = (slots: readonly number[], of: typeof state): (string | undefined)[] => slots.map((slot) => of.table.ids.idOf(slot));
    expect(idsOf(record.interactions, state)).toEqual(idsOf(builtRecord.interactions, builtState));
    expect(record.interactionsByTime).toBe(builtRecord.interactionsByTime);

    const edges = record.neighbourEdges;
    expect(edges).toEqual([...edges].sort((left, right) => left - right));
    expect(record.neighbours).toEqual(edges.map((edge) => state.pairs.lowOf(edge) ^ state.pairs.highOf(edge) ^ record.index));
    expect(record.neighbours.map(uuidOf).sort()).toEqual(builtRecord.neighbours.map((index) => builtState.record(index).uuid).sort());
    const teamLinks = record.neighbours.flatMap((neighbour, position) => (state.record(neighbour).userUuid === null ? [] : [neighbour, edges[position]!]));
    expect(record.internalLinks ?? []).toEqual(teamLinks);
  }
}

describe("hydration's staged lists", () => {
  it("are the lists the appends one by one make, in hydrateGraph and hydrateGraphAsync alike", async () => {
    await fc.assert(
      fc.asyncProperty(rows, async (list) => {
        const built = rowByRow(list);
        expectListsAsAppended(hydrateGraph({ interactions: list, internalUsers: USERS }), built);
        const hydrated = await hydrateGraphAsync({ interactions: list, internalUsers: USERS }, { yieldControl: () => Promise.resolve() });
        expectListsAsAppended(hydrated, built);
      }),
      { numRuns: 200 },
    );
  });
});
