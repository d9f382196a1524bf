/** @module PathPower: how strongly the team as a whole is connected to a person or a company. */
import { companyPathPower } from "./internal/company-path-power.js";
import { requireEntity } from "./internal/entity-reference.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import type { EvaluationContext } from "./internal/graph-state.js";
import { SCORING_OPTION_NAMES } from "./internal/option-names.js";
import { prettyScore } from "./internal/scores.js";
import { strengthBand } from "./internal/strength-band.js";
import { personPathPower } from "./internal/team-connections.js";
import { requireOptions } from "./internal/validate.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { EntityReference, PathPowerScore, RankedPathPower, ScoringOptions } from "./types.js";

/**
 * PathPower of a person: noisy-OR of the `pathPowerTopCount` highest RQs any internal user has towards
 * them. PathPower of a company: noisy-OR of the `pathPowerTopCount` highest PathPowers among its currently
 * affiliated external persons. `score` is null (and `strength_label` null) when the team has no counted
 * interaction with the entity, including when the entity is unknown.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `now` (epoch ms) and optional parameter overrides.
 * @returns The PathPower score entry; a company's carries `meta`.
 *
 * @example
 * import { pathPower } from "@rapport/graph";
 * pathPower(graph, { entity: "company", uuid: "acme" }, { now: Date.UTC(2026, 11, 1) });
 * // { entity: "company", uuid: "acme", score: 0.224242424, score_display: 22, strength_label: "weak",
 * //   meta: { person_count: 2, connected_person_count: 2 } } (graph: docs/scoring.md's worked example)
 */
export function pathPower(graph: RelationshipGraph, entity: EntityReference, options: ScoringOptions): PathPowerScore {
  const state = stateOf("pathPower", graph);
  const reference = requireEntity("pathPower", entity);
  requireOptions("pathPower", options, SCORING_OPTION_NAMES);
  const context = createEvaluationContext("pathPower", state, options);
  let score: number | null = null;
  let meta: PathPowerScore["meta"];
  if (reference.entity === "person") {
    const person = state.person(reference.uuid);
    if (person !== undefined) score = personPathPower(state, person, context);
  } else {
    const company = companyPathPower(state, reference.uuid, context);
    score = company.score;
    meta = { person_count: company.memberCount, connected_person_count: company.connectedCount };
  }
  return pathPowerEntry(reference, score, context, meta);
}

/** The PathPower entry of `reference` with `score` (and, for a company, `meta`): display score and label. */
export function pathPowerEntry(reference: EntityReference, score: number, context: EvaluationContext, meta?: PathPowerScore["meta"]): RankedPathPower;
export function pathPowerEntry(reference: EntityReference, score: number | null, context: EvaluationContext, meta?: PathPowerScore["meta"]): PathPowerScore;
export function pathPowerEntry(
  reference: EntityReference,
  score: number | null,
  context: EvaluationContext,
  meta?: PathPowerScore["meta"],
): PathPowerScore {
  const result: PathPowerScore = {
    entity: reference.entity,
    uuid: reference.uuid,
    score,
    score_display: score === null ? 0 : prettyScore(score),
    strength_label: strengthBand(score, context.parameters.strengthThresholds),
  };
  if (meta !== undefined) result.meta = meta;
  return result;
}
