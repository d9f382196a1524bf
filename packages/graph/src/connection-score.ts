/** @module The connection score of two persons. */
import { createEvaluationContext } from "./internal/evaluation-context.js";
import { SCORING_OPTION_NAMES } from "./internal/option-names.js";
import { stateOf } from "./relationship-graph.js";
import { requireOptions, requireUuid } from "./internal/validate.js";
import type { RelationshipGraph } from "./relationship-graph.js";
import type { ScoringOptions } from "./types.js";

/**
 * The connection score of two persons at `now`, in [0, 1]: their interactions' weights, decayed by age,
 * summed and saturated (formula: docs/scoring.md). 0 when they never interacted or either is unknown.
 *
 * @param graph - The relationship graph.
 * @param personA - A person uuid.
 * @param personB - Another person uuid (the score is symmetric).
 * @param options - `now` (epoch ms) and optional parameter overrides.
 * @returns The score, rounded to 9 decimals.
 *
 * @example
 * import { connectionScore } from "@rapport/graph";
 * connectionScore(graph, "ada", "cleo", { now: Date.UTC(2026, 11, 1) }); // 0.346938776 (graph: docs/scoring.md's worked example)
 */
export function connectionScore(graph: RelationshipGraph, personA: string, personB: string, options: ScoringOptions): number {
  const state = stateOf("connectionScore", graph);
  requireOptions("connectionScore", options, SCORING_OPTION_NAMES);
  const context = createEvaluationContext("connectionScore", state, options);
  const first = state.person(requireUuid("connectionScore", "personA", personA));
  const second = state.person(requireUuid("connectionScore", "personB", personB));
  if (first === undefined || second === undefined) return 0;
  return state.evaluatePair(first, second, context).score;
}
