/** @module Turns a call's `{ now, parameters }` into the context every score is computed in. */
import { resolveScoringParameters } from "../scoring-parameters.js";
import type { ScoringOptions } from "../types.js";
import { DAY_MILLISECONDS } from "./dates.js";
import { conflict } from "./errors.js";
import type { EvaluationContext, GraphState } from "./graph-state.js";
import { requireObject, requireTime } from "./validate.js";

/**
 * Validates `{ now, parameters }` and resolves the parameters in force; stored aggregates stay usable unless
 * the call overrides what they were built with (half-life, audience exponent).
 * @example createEvaluationContext("pathPower", state, { now: Date.UTC(2026, 11, 1) }).storedAggregatesUsable; // true
 */
export function createEvaluationContext(functionName: string, state: GraphState, options: ScoringOptions): EvaluationContext {
  const checked = requireObject(functionName, "options", options);
  const now = requireTime(functionName, "now", checked.now);
  if (options.parameters === undefined) {
    return { now, parameters: state.parameters, halfLifeMilliseconds: state.halfLifeMilliseconds, storedAggregatesUsable: true };
  }
  const parameters = resolveScoringParameters(options.parameters, state.parameters, functionName);
  if (parameters.maximumMeetingAttendees !== state.parameters.maximumMeetingAttendees) {
    throw conflict(
      functionName,
      `"maximumMeetingAttendees" is fixed when the graph is built (${state.parameters.maximumMeetingAttendees}) and cannot be overridden per call (got "${parameters.maximumMeetingAttendees}").`,
      parameters.maximumMeetingAttendees,
    );
  }
  return {
    now,
    parameters,
    halfLifeMilliseconds: parameters.halfLifeDays * DAY_MILLISECONDS,
    storedAggregatesUsable:
      parameters.halfLifeDays === state.parameters.halfLifeDays && parameters.audienceExponent === state.parameters.audienceExponent,
  };
}
