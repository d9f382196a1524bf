/** @module The last activity of a person or a company, alone. */
import { requireEntity } from "./internal/entity-reference.js";
import { LAST_ACTIVITY_OPTION_NAMES } from "./internal/option-names.js";
import { requireOptions, requireTime } from "./internal/validate.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { EntityReference } from "./types.js";

/** Options of {@link lastActivityAt}. */
export interface LastActivityOptions {
  /** The present, epoch milliseconds. */
  now: number;
}

/**
 * The latest counted interaction at or before `now` of a person, or of a company over its currently
 * affiliated external persons: `derivedFields(...).last_activity_at`, without the next meetings. A company's
 * is found by one visit of its members, then remembered until one of their interactions becomes past, or a
 * member's interactions, affiliation or user mark change; `derivedFields` collects the members and their
 * upcoming meetings on every call. A page of records that shows only the last activity of its linked
 * companies should call this.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `{ now }`.
 * @returns Epoch milliseconds, or null when there is none (or the entity is unknown).
 *
 * @example
 * import { lastActivityAt } from "@rapport/graph";
 * lastActivityAt(graph, { entity: "company", uuid: "acme" }, { now: Date.UTC(2026, 11, 1) });
 * // 1796083200000, Dec 1 2026: its emails to dana and eve (graph: docs/scoring.md's worked example)
 */
export function lastActivityAt(graph: RelationshipGraph, entity: EntityReference, options: LastActivityOptions): number | null {
  const functionName = "lastActivityAt";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, entity);
  const now = requireTime(functionName, "now", requireOptions(functionName, options, LAST_ACTIVITY_OPTION_NAMES).now);
  if (reference.entity === "person") {
    const person = state.person(reference.uuid);
    return person === undefined ? null : state.timeline(person, now).lastPastAt;
  }
  return state.companyLastActivity(reference.uuid, now);
}
