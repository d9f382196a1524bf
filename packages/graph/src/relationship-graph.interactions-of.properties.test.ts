/** `interactionsOf`: a person's interactions read back out of the graph, enough to score that person afresh elsewhere. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { interactionLists } from "./testing/interaction-arbitraries.js";
import { NOW } from "./testing/builders.js";

const PERSONS = ["p-ada", "p-ben", "p-cleo", "p-dana", "p-eve"];

describe("interactionsOf", () => {
  it("gives a graph of one person's interactions the same scores with everyone as the whole graph", () => {
    fc.assert(
      fc.property(interactionLists(PERSONS, { age: fc.integer({ min: -30, max: 400 }), length: { minLength: 1, maxLength: 30 }, maximumAttendees: 4 }), fc.constantFrom(...PERSONS), (list, person) => {
        const graph = new RelationshipGraph();
        for (const interaction of list) graph.addInteraction(interaction);
        const own = new RelationshipGraph();
        for (const interaction of graph.interactionsOf(person)) own.addInteraction(interaction);
        for (const other of PERSONS) {
          if (other === person) continue;
          expect(connectionScore(own, person, other, { now: NOW }), other).toBe(connectionScore(graph, person, other, { now: NOW }));
        }
        expect(own.interactionsOf(person)).toEqual(graph.interactionsOf(person));
      }),
      { numRuns: 200 },
    );
  });

  it("reads a meeting's organizer and title back, leaves out what the graph does not count, and knows no stranger", () => {
    const graph = new RelationshipGraph();
    graph.addInteraction({ id: "m1", kind: "meeting", occurredAt: NOW, attendeeUuids: ["p-ada", "p-ben"], organizerUuid: "p-ada", title: "Intro" });
    graph.addInteraction({ id: "m2", kind: "meeting", occurredAt: NOW, attendeeUuids: ["p-ada", "p-ben"], status: "cancelled" });
    graph.addInteraction({ id: "e1", kind: "email", occurredAt: NOW, senderUuid: "p-ada", recipientUuids: ["p-ada"] });
    graph.addInteraction({ id: "e2", kind: "email", occurredAt: NOW, senderUuid: null, recipientUuids: ["p-ada", "p-ben"] });
    expect(graph.interactionsOf("p-ada")).toEqual([
      { id: "m1", kind: "meeting", occurredAt: NOW, attendeeUuids: ["p-ada", "p-ben"], organizerUuid: "p-ada", status: "confirmed", title: "Intro" },
    ]);
    expect(graph.hasInteraction("e2")).toBe(true);
    expect(graph.interactionsOf("p-nobody")).toEqual([]);
  });
});
