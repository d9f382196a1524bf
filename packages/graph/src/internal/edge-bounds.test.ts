import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import { ageInDays, interactionLists } from "../testing/interaction-arbitraries.js";
import type { Interaction } from "../types.js";
import { createEvaluationContext } from "./evaluation-context.js";
import type { GraphState } from "./graph-state.js";

const PERSONS = ["ada", "ben", "cy", "dana", "eve", "fay"];

/** Every edge of every person, scored and ceilinged at `now`, against the person's bounds. */
function expectBoundsHold(state: GraphState, now: number, parameters?: { meetingWeight?: number; oneWayFactor?: number; emailWeight?: number }): void {
  const context = createEvaluationContext("test", state, parameters === undefined ? { now } : { now, parameters });
  for (const record of state.records) {
    if (record === undefined) continue;
    const bound = state.edgeBounds.scoreBound(record.index, context);
    const latestFirstAt = state.edgeBounds.latestFirstAt(record.index);
    record.neighbours.forEach((other, position) => {
      const edge = record.neighbourEdges[position]!;
      expect(state.scoreCeilingAt(other, record.index, edge, context)).toBeLessThanOrEqual(bound);
      expect(state.scoreAt(other, record.index, edge, context)).toBeLessThanOrEqual(bound);
      expect(state.edges.firstAt(edge)).toBeLessThanOrEqual(latestFirstAt);
    });
  }
}

describe("EdgeBounds", () => {
  const interactions = interactionLists(PERSONS, { age: ageInDays(1500), length: { minLength: 1, maxLength: 40 }, maximumAttendees: 4 });
  const present = fc.integer({ min: -100, max: 2000 }).map((days) => NOW - days * DAY);

  it("bounds every edge's score and first interaction at any now, after hydration and after changes", () => {
    fc.assert(
      fc.property(interactions, interactions, fc.array(fc.nat(), { maxLength: 10 }), fc.array(present, { minLength: 1, maxLength: 4 }), (loaded, added, removals, presents) => {
        const graph = hydrateGraph({ interactions: loaded, internalUsers: [{ userUuid: "user-ada", personUuid: "ada" }] });
        const state = stateOf("test", graph);
        for (const now of presents) expectBoundsHold(state, now);
        for (const interaction of added) graph.addInteraction({ ...interaction, id: `added-${interaction.id}` } as Interaction);
        for (const position of removals) graph.removeInteraction(loaded[position % loaded.length]!.id);
        for (const now of presents) expectBoundsHold(state, now, { meetingWeight: 7, oneWayFactor: 1, emailWeight: 2 });
      }),
      { numRuns: 150 },
    );
  });

  it("is tight for a person's strongest edge when it has no interaction after now", () => {
    const at = NOW - 10 * DAY;
    const graph = hydrateGraph({
      interactions: [
        { kind: "meeting", id: "m1", attendeeUuids: ["ada", "ben"], occurredAt: at },
        { kind: "email", id: "e1", senderUuid: "ada", recipientUuids: ["cy"], occurredAt: at - 40 * DAY },
      ],
    });
    const state = stateOf("test", graph);
    const context = createEvaluationContext("test", state, { now: NOW });
    const ada = state.person("ada")!;
    const strongest = state.scoreAt(state.person("ben")!.index, ada.index, state.edgeSlot(ada, state.person("ben")!), context);
    // Meetings weigh more than emails, so the meeting's score is the bound, up to its safety margin.
    expect(state.edgeBounds.scoreBound(ada.index, context)).toBeCloseTo(strongest, 8);
    expect(state.edgeBounds.latestFirstAt(ada.index)).toBe(at);
  });

  it("bounds nothing it has not seen: a person without edges scores 0 and counts every edge", () => {
    const state = stateOf("test", hydrateGraph({ interactions: [] }));
    const context = createEvaluationContext("test", state, { now: NOW });
    expect(state.edgeBounds.scoreBound(0, context)).toBe(0);
    expect(state.edgeBounds.latestFirstAt(0)).toBe(-Infinity);
  });

  it("does not bound a call whose half-life differs from the stored masses'", () => {
    const graph = hydrateGraph({ interactions: [{ kind: "email", id: "e1", senderUuid: "ada", recipientUuids: ["ben"], occurredAt: NOW }] });
    const state = stateOf("test", graph);
    const context = createEvaluationContext("test", state, { now: NOW, parameters: { halfLifeDays: 7 } });
    expect(state.edgeBounds.scoreBound(state.person("ada")!.index, context)).toBe(1);
  });
});
