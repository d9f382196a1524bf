import { describe, expect, it } from "vitest";
import { internalNeighbours } from "./graph-state.js";
import { connectionScore } from "../connection-score.js";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, email, meeting, NOW, withEmail, withInteraction, withMeeting, withUser } from "../testing/builders.js";
import { mergePersons } from "./merge-persons.js";

describe("mergePersons", () => {
  it("turns an interaction between the two into noise and recomputes the audience of the others", () => {
    const graph = buildGraph(withUser("ada"), withEmail("cleo", ["cleo-2", "dana"], daysAgo(2)), withMeeting(["cleo", "cleo-2", "ada"]));
    mergePersons(stateOf("test", graph), "test", "cleo", "cleo-2");
    const expected = buildGraph(withUser("ada"), withEmail("cleo", ["dana"], daysAgo(2)), withMeeting(["cleo", "ada"]));
    for (const [first, second] of [["cleo", "dana"], ["ada", "cleo"]] as const) {
      expect(connectionScore(graph, first, second, { now: NOW })).toBe(connectionScore(expected, first, second, { now: NOW }));
    }
    expect(graph.hasPerson("cleo-2")).toBe(false);
    expect(graph.edgeCount).toBe(expected.edgeCount);
  });

  it("moves a user's person node and refuses to merge two users", () => {
    const graph = buildGraph(withUser("ada-old", "user-ada"), withUser("ben"), withEmail("ada-old", "cleo"));
    const state = stateOf("test", graph);
    mergePersons(state, "test", "ada", "ada-old");
    expect(graph.personOfUser("user-ada")).toBe("ada");
    expect(internalNeighbours(state.ensurePerson("cleo"))).toEqual([state.ensurePerson("ada").index]);
    expect(() => mergePersons(state, "test", "ada", "ben")).toThrow(/^test: persons "ada" and "ben" are the person nodes of two different users/);
  });

  it("rewrites the superseded person in interactions that are not indexed, and keeps them unindexed", () => {
    const cancelled = "00000000-0000-4000-8000-00000000000c";
    const toSelf = "00000000-0000-4000-8000-00000000000e";
    const between = "00000000-0000-4000-8000-0000000000be";
    const graph = buildGraph(
      withUser("ada"),
      withEmail("cleo-2", "ada", daysAgo(3)),
      withInteraction(meeting(["cleo-2", "dana"], daysAgo(2), cancelled, { organizerUuid: "cleo-2", status: "cancelled" })),
      withInteraction(email("cleo-2", "cleo-2", daysAgo(1), toSelf)),
      withInteraction(email("cleo", "cleo-2", daysAgo(1), between)),
    );
    const state = stateOf("test", graph);
    const slots = [cancelled, toSelf].map((id) => state.table.ids.get(id)!);
    expect([...state.unindexedSlots].sort()).toEqual([...slots].sort());
    const supersededIndex = state.ensurePerson("cleo-2").index;

    mergePersons(state, "test", "cleo", "cleo-2");

    const cleo = state.ensurePerson("cleo").index;
    const dana = state.ensurePerson("dana").index;
    const participantsOf = (slot: number) => [...state.table.participants.subarray(state.table.start[slot], state.table.start[slot]! + state.table.count[slot]!)];
    expect(participantsOf(slots[0]!)).toEqual([cleo, dana]);
    expect(participantsOf(slots[1]!)).toEqual([cleo]);
    for (const slot of slots) {
      expect(state.table.leader[slot]).toBe(cleo);
      expect(state.table.hasParticipant(slot, supersededIndex)).toBe(false);
      expect(state.isIndexed(slot)).toBe(false);
    }
    expect(graph.interactionCount).toBe(1);
    // The email between the two became noise: unindexed, and known as such.
    const noise = state.table.ids.get(between)!;
    expect(state.isIndexed(noise)).toBe(false);
    expect([...state.unindexedSlots].sort()).toEqual([...slots, noise].sort());
  });

  it("keeps the unindexed slots to the live interactions that are not indexed, through updates and removals", () => {
    const id = "00000000-0000-4000-8000-00000000000c";
    const graph = buildGraph(withUser("ada"), withInteraction(meeting(["ada", "dana"], daysAgo(2), id, { status: "cancelled" })));
    const state = stateOf("test", graph);
    const slot = state.table.ids.get(id)!;
    expect(state.unindexedSlots.has(slot)).toBe(true);
    graph.updateInteraction(meeting(["ada", "dana"], daysAgo(2), id, { status: "confirmed" }));
    expect(state.unindexedSlots.has(slot)).toBe(false);
    expect(state.isIndexed(slot)).toBe(true);
    graph.updateInteraction(meeting(["ada", "dana"], daysAgo(2), id, { status: "cancelled" }));
    expect(state.unindexedSlots.has(slot)).toBe(true);
    graph.removeInteraction(id);
    expect(state.unindexedSlots.size).toBe(0);
  });
});
