import { describe, expect, it } from "vitest";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "../testing/builders.js";
import { stateOf } from "../relationship-graph.js";
import { createEvaluationContext } from "./evaluation-context.js";

describe("GraphState", () => {
  it("gives the same score from the stored aggregate as from a rescan", () => {
    const graph = buildGraph(withEmail("ada", "cleo", daysAgo(3)), withEmail("cleo", "ada", daysAgo(40)), withMeeting(["ada", "cleo", "dana"], daysAgo(7)));
    const state = stateOf("test", graph);
    const [ada, cleo] = [state.ensurePerson("ada"), state.ensurePerson("cleo")];
    const fast = createEvaluationContext("test", state, { now: NOW });
    const slow = { ...fast, storedAggregatesUsable: false };
    expect(state.evaluatePair(ada, cleo, slow)).toEqual(state.evaluatePair(ada, cleo, fast));
    expect(state.evaluatePair(ada, cleo, fast).interactionCount).toBe(3);
  });

  it("keeps each person's internal neighbours in step with edges and marks", () => {
    const graph = buildGraph(withEmail("ada", "cleo", NOW, "e1"), withUser("ada"));
    const state = stateOf("test", graph);
    const cleo = state.ensurePerson("cleo");
    expect(cleo.internalNeighbours).toEqual([state.ensurePerson("ada").index]);
    graph.removeInteraction("e1");
    expect(cleo.internalNeighbours).toBeNull();
    graph.addInteraction({ id: "e2", kind: "email", occurredAt: NOW, senderUuid: "cleo", recipientUuids: ["ada"] });
    graph.unmarkInternal("user-ada");
    expect(cleo.internalNeighbours).toBeNull();
  });

  it("tracks each person's latest interaction through removals", () => {
    const graph = buildGraph(withEmail("ada", "cleo", daysAgo(5), "old"), withEmail("ada", "cleo", daysAgo(1), "new"));
    const state = stateOf("test", graph);
    expect(state.ensurePerson("ada").latestAt).toBe(daysAgo(1));
    graph.removeInteraction("new");
    expect(state.ensurePerson("ada").latestAt).toBe(daysAgo(5));
    graph.removeInteraction("old");
    expect(state.ensurePerson("ada").latestAt).toBe(Number.NEGATIVE_INFINITY);
  });
});
