import { describe, expect, it } from "vitest";
import { defaultScoringParameters } from "../scoring-parameters.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { GraphState } from "./graph-state.js";

describe("createEvaluationContext", () => {
  const state = new GraphState({ ...defaultScoringParameters, strengthThresholds: { ...defaultScoringParameters.strengthThresholds } });

  it("uses the graph's parameters and stored aggregates by default", () => {
    const context = createEvaluationContext("f", state, { now: 5 });
    expect(context).toMatchObject({ now: 5, storedAggregatesUsable: true, halfLifeMilliseconds: 90 * 86_400_000 });
    expect(context.parameters).toBe(state.parameters);
  });

  it("keeps stored aggregates for overrides they do not depend on, and drops them otherwise", () => {
    expect(createEvaluationContext("f", state, { now: 5, parameters: { meetingWeight: 4, saturation: 2 } }).storedAggregatesUsable).toBe(true);
    expect(createEvaluationContext("f", state, { now: 5, parameters: { halfLifeDays: 30 } })).toMatchObject({
      storedAggregatesUsable: false,
      halfLifeMilliseconds: 30 * 86_400_000,
    });
    expect(createEvaluationContext("f", state, { now: 5, parameters: { audienceExponent: 1 } }).storedAggregatesUsable).toBe(false);
  });

  it("requires options with a valid now", () => {
    expect(() => createEvaluationContext("f", state, undefined as never)).toThrow('f: expecting "options" to be an object but got "undefined".');
  });
});
