import { describe, expect, it } from "vitest";
import { internalNeighbours } from "./graph-state.js";
import { connectionScore } from "../connection-score.js";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "../testing/builders.js";
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
});
