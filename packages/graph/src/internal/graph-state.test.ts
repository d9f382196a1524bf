import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { internalNeighbours } from "./graph-state.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "../testing/builders.js";
import { stateOf } from "../relationship-graph.js";
import { createEvaluationContext } from "./evaluation-context.js";

describe("GraphState", () => {
  it("never scores a pair above its ceiling, which is the score itself when nothing of the pair is later than now", () => {
    const days = fc.integer({ min: -60, max: 400 });
    const people = fc.constantFrom("ada", "cleo", "dana", "eve");
    const interaction = fc.record({ kind: fc.constantFrom("email", "meeting"), from: people, to: people, at: days });
    fc.assert(
      fc.property(fc.array(interaction, { minLength: 1, maxLength: 12 }), days, (drafts, nowDays) => {
        const graph = buildGraph(
          ...drafts.map(({ kind, from, to, at }) => (kind === "email" ? withEmail(from, to, daysAgo(at)) : withMeeting([from, to, "ada"], daysAgo(at)))),
        );
        const state = stateOf("test", graph);
        const context = createEvaluationContext("test", state, { now: daysAgo(nowDays) });
        for (const record of state.records) {
          if (record === undefined) continue;
          record.neighbours.forEach((other, position) => {
            const edge = record.neighbourEdges[position]!;
            const score = state.scoreAt(record.index, other, edge, context);
            const ceiling = state.scoreCeilingAt(record.index, other, edge, context);
            expect(ceiling < 0).toBe(score < 0);
            expect(ceiling).toBeGreaterThanOrEqual(score);
            if (state.edges.anchorAt(edge) <= context.now) expect(ceiling).toBe(score);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives the same score from the stored aggregate as from a rescan", () => {
    const graph = buildGraph(withEmail("ada", "cleo", daysAgo(3)), withEmail("cleo", "ada", daysAgo(40)), withMeeting(["ada", "cleo", "dana"], daysAgo(7)));
    const state = stateOf("test", graph);
    const [ada, cleo] = [state.ensurePerson("ada"), state.ensurePerson("cleo")];
    const fast = createEvaluationContext("test", state, { now: NOW });
    const slow = { ...fast, storedAggregatesUsable: false };
    expect(state.evaluatePair(ada, cleo, slow)).toEqual(state.evaluatePair(ada, cleo, fast));
    expect(state.evaluatePair(ada, cleo, fast).interactionCount).toBe(3);
  });

  it("scores a pair with an upcoming meeting as a rescan does, at every now between its interactions, and forgets what it remembered on any change", () => {
    const graph = buildGraph(withEmail("ada", "cleo", daysAgo(30)), withEmail("cleo", "ada", daysAgo(10)), withMeeting(["ada", "cleo"], daysAgo(-5), { id: "upcoming" }));
    const state = stateOf("test", graph);
    const [ada, cleo] = [state.ensurePerson("ada"), state.ensurePerson("cleo")];
    const at = (now: number) => {
      const fast = createEvaluationContext("test", state, { now });
      return [state.evaluatePair(ada, cleo, fast), state.evaluatePair(ada, cleo, { ...fast, storedAggregatesUsable: false })];
    };
    // The first score remembers the past of the pair; later ones (before and after it, up to the meeting) reuse it.
    for (const now of [NOW, daysAgo(2), daysAgo(9), NOW + 86_400_000, daysAgo(20), daysAgo(40), daysAgo(-5), daysAgo(-6)]) {
      const [fast, slow] = at(now);
      expect(fast, `now = ${now}`).toEqual(slow);
    }
    expect(at(NOW)[0]!.interactionCount).toBe(2);
    expect(at(daysAgo(-5))[0]!.interactionCount).toBe(3);
    // A new interaction of the pair before the meeting counts at once.
    graph.addInteraction({ id: "late", kind: "email", occurredAt: daysAgo(1), senderUuid: "ada", recipientUuids: ["cleo"] });
    const [fast, slow] = at(NOW);
    expect(fast).toEqual(slow);
    expect(fast!.interactionCount).toBe(3);
    expect(fast!.lastInteractionAt).toBe(daysAgo(1));
    graph.removeInteraction("late");
    expect(at(NOW)[0]!.interactionCount).toBe(2);
  });

  it("keeps each person's internal neighbours in step with edges and marks", () => {
    const graph = buildGraph(withEmail("ada", "cleo", NOW, "e1"), withUser("ada"));
    const state = stateOf("test", graph);
    const cleo = state.ensurePerson("cleo");
    expect(internalNeighbours(cleo)).toEqual([state.ensurePerson("ada").index]);
    graph.removeInteraction("e1");
    expect(internalNeighbours(cleo)).toBeNull();
    graph.addInteraction({ id: "e2", kind: "email", occurredAt: NOW, senderUuid: "cleo", recipientUuids: ["ada"] });
    graph.unmarkInternal("user-ada");
    expect(internalNeighbours(cleo)).toBeNull();
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
