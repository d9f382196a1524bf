/** @module strongest_relationships: the internal users closest to a person or a company. */
import { requireEntity } from "./internal/entity-reference.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import type { PersonRecord } from "./internal/graph-state.js";
import { STRONGEST_RELATIONSHIPS_OPTION_NAMES } from "./internal/option-names.js";
import { compareUuids, prettyScore } from "./internal/scores.js";
import { optionalCount, requireOptions } from "./internal/validate.js";
import { largeCompanyRelationships } from "./internal/large-company-relationships.js";
import { unorderedExternalMembers } from "./internal/team-connections.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { EntityReference, ScoringOptions, StrongestRelationship } from "./types.js";

const NO_LINKS: readonly number[] = [];

/** Options of {@link strongestRelationships}. */
export interface StrongestRelationshipsOptions extends ScoringOptions {
  /** Rows to return (default 2, as in the REST contract). */
  limit?: number | undefined;
}

/**
 * The internal users with the strongest relationship to a person (their RQ to it) or to a company (each
 * user's best RQ over the external persons currently affiliated with it), ranked by `rq_pretty` descending, then by
 * `rq`, then by user uuid. Users without a counted interaction are left out. A company of 64 external members
 * or more reads them strongest bound first and stops once no member left can change a row.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `now`, parameter overrides and `limit` (default 2).
 * @returns The rows, or null when the tenant has no counted interaction at or before `now` at all.
 *
 * @example
 * import { strongestRelationships } from "@rapport/graph";
 * strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 1) });
 * // [{ user_uuid: "user-ben", rq: 0.2, rq_pretty: 20, last_engaged_at: 1796083200000, ... }] (graph: docs/scoring.md's worked example)
 */
export function strongestRelationships(graph: RelationshipGraph, entity: EntityReference, options: StrongestRelationshipsOptions): StrongestRelationship[] | null {
  const functionName = "strongestRelationships";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, entity);
  requireOptions(functionName, options, STRONGEST_RELATIONSHIPS_OPTION_NAMES);
  const context = createEvaluationContext(functionName, state, options);
  const limit = optionalCount(functionName, "limit", options.limit, 0, 2);
  if (!state.hasActivityAt(context.now)) return null;

  let persons: PersonRecord[];
  if (reference.entity === "person") {
    const person = state.person(reference.uuid);
    persons = person === undefined ? [] : [person];
  } else {
    const members = state.externalMemberLists.of(reference.uuid, state.companyMembers.get(reference.uuid));
    if (context.storedAggregatesUsable && members.length >= state.membersByBound.minimumMembers) {
      return ranked(largeCompanyRelationships(state, members, context, limit), limit);
    }
    // Order-free: a user's best pair wins by score, then by the smaller person uuid, whatever the order
    // (sorting a large company's members cost more than scoring them).
    persons = unorderedExternalMembers(state, reference.uuid);
  }

  const best = new Map<number, StrongestRelationship>();
  let lastEngagedAt: number | null = null;
  for (const person of persons) {
    const links = person.internalLinks ?? NO_LINKS;
    for (let position = 0; position < links.length; position += 2) {
      const userIndex = links[position]!;
      const user = state.record(userIndex);
      const evaluation = state.evaluate(user, person, links[position + 1]!, context);
      if (evaluation.interactionCount === 0) continue;
      const last = evaluation.lastInteractionAt;
      if (last !== null && (lastEngagedAt === null || last > lastEngagedAt)) lastEngagedAt = last;
      const current = best.get(userIndex);
      const better =
        current === undefined ||
        evaluation.score > current.rq ||
        (evaluation.score === current.rq && compareUuids(person.uuid, current.person_uuid) < 0);
      if (!better) continue;
      best.set(userIndex, {
        user_uuid: user.userUuid ?? "",
        internal_user_person_uuid: user.uuid,
        person_uuid: person.uuid,
        rq: evaluation.score,
        rq_pretty: prettyScore(evaluation.score),
        last_engaged_at: null,
        user_last_engaged_at: last,
      });
    }
  }
  const rows = [...best.values()];
  for (const row of rows) row.last_engaged_at = lastEngagedAt;
  return ranked(rows, limit);
}

/** The first `limit` rows by `rq_pretty` descending, then `rq`, then user uuid. */
function ranked(rows: StrongestRelationship[], limit: number): StrongestRelationship[] {
  rows.sort((left, right) => right.rq_pretty - left.rq_pretty || right.rq - left.rq || compareUuids(left.user_uuid, right.user_uuid));
  return rows.slice(0, limit);
}
