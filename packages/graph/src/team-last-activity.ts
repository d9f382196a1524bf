/** @module The team's latest counted interaction with a person or a company: what the team ranking's time range and sort read. */
import { requireEntity } from "./internal/entity-reference.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import { TEAM_LAST_ACTIVITY_OPTION_NAMES } from "./internal/option-names.js";
import { companyTeamLastActivity, teamLastActivity } from "./internal/timed-ranking.js";
import { requireOptions } from "./internal/validate.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { EntityReference, ScoringOptions } from "./types.js";

/**
 * The latest counted interaction at or before `now` between any internal user and an external person, or for a
 * company any of its currently affiliated external persons: the latest over the users of each pair's latest counted
 * interaction (the `last_activity_at` of `relationshipQualityRanking`). A meeting over `maximumMeetingAttendees`, a
 * declined one, or an email no user sent or received counts for nothing here, unlike {@link lastActivityAt}, which
 * is the entity's latest interaction of any kind. `pathPowerRanking` filters and sorts by this time.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `now` (epoch ms) and optional parameter overrides.
 * @returns Epoch milliseconds, or null when the team has no counted interaction with it (or it is unknown, or a user).
 *
 * @example
 * import { teamLastActivityAt } from "@rapport/graph";
 * teamLastActivityAt(graph, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 1) });
 * // 1796083200000, Dec 1 2026: Ben's email to dana (graph: docs/scoring.md's worked example)
 */
export function teamLastActivityAt(graph: RelationshipGraph, entity: EntityReference, options: ScoringOptions): number | null {
  const functionName = "teamLastActivityAt";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, entity);
  requireOptions(functionName, options, TEAM_LAST_ACTIVITY_OPTION_NAMES);
  const context = createEvaluationContext(functionName, state, options);
  if (reference.entity === "company") return companyTeamLastActivity(state, reference.uuid, context);
  const person = state.person(reference.uuid);
  return person === undefined || person.userUuid !== null ? null : teamLastActivity(state, person, context);
}
