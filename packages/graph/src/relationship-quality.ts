/** @module RQ: an internal user's relationship quality towards one person. */
import { toIsoDateOrNull } from "./internal/dates.js";
import { describeRelationship } from "./internal/describe-relationship.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import { SCORING_OPTION_NAMES } from "./internal/option-names.js";
import { summarizePair } from "./internal/pair-summary.js";
import { prettyScore } from "./internal/scores.js";
import { requireOptions, requireUuid } from "./internal/validate.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./internal/graph-state.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { RelationshipQuality, ScoringOptions } from "./types.js";

/**
 * RQ of an internal user towards a person: the connection score between the user's person node and the
 * person, its displayed form `rq_pretty = round(100 * rq)`, and `rq_reason`, a sentence of the facts.
 *
 * @param graph - The relationship graph.
 * @param userUuid - An internal user (see `graph.markInternal`).
 * @param personUuid - The person.
 * @param options - `now` (epoch ms) and optional parameter overrides.
 * @returns The RQ, or null when the user has no person node in the graph.
 *
 * @example
 * import { relationshipQuality } from "@rapport/graph";
 * relationshipQuality(graph, "user-ben", "dana", { now: Date.UTC(2026, 11, 1) }); // graph: docs/scoring.md's worked example
 * // { rq: 0.2, rq_pretty: 20, rq_reason: "1 email and 1 meeting in the last 90 days, last on 2026-12-01", ... }
 */
export function relationshipQuality(graph: RelationshipGraph, userUuid: string, personUuid: string, options: ScoringOptions): RelationshipQuality | null {
  const state = stateOf("relationshipQuality", graph);
  requireOptions("relationshipQuality", options, SCORING_OPTION_NAMES);
  const context = createEvaluationContext("relationshipQuality", state, options);
  const user = state.personByUser.get(requireUuid("relationshipQuality", "userUuid", userUuid));
  requireUuid("relationshipQuality", "personUuid", personUuid);
  if (user === undefined) return null;
  return qualityOf(state, user, state.person(personUuid), personUuid, context);
}

/**
 * The RQ of `user` (an internal user's person node) towards `person` (undefined: not in the graph, `personUuid`
 * named): what {@link relationshipQuality} answers, for a caller holding the records.
 */
export function qualityOf(
  state: GraphState,
  user: PersonRecord,
  person: PersonRecord | undefined,
  personUuid: string,
  context: EvaluationContext,
): RelationshipQuality {
  const evaluation = person === undefined ? null : state.evaluatePair(user, person, context);
  const summary = person === undefined ? null : summarizePair(state, user, person, context);
  const rq = evaluation?.score ?? 0;
  const lastAt = summary?.lastAt ?? null;
  return {
    user_uuid: user.userUuid ?? "",
    internal_user_person_uuid: user.uuid,
    person_uuid: personUuid,
    rq,
    rq_pretty: prettyScore(rq),
    rq_reason: summary === null ? "No recorded interactions" : describeRelationship(summary, context.parameters.reasonWindowDays),
    interaction_count: summary === null ? 0 : summary.emails + summary.meetings,
    last_activity_at: lastAt,
    last_activity_date: toIsoDateOrNull(lastAt),
  };
}
