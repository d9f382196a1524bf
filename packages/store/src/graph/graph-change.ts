/** A change to a tenant's relationship graph, emitted by a store write once it has committed. */
import type { InteractionRecord } from "../activity-records.js";
import { InvalidInputError } from "../errors.js";

/** One change of a tenant's relationship graph, as `store.graphs.apply` applies it. */
export type GraphChange =
  | { type: "upsert-interaction"; interaction: InteractionRecord }
  | { type: "remove-interaction"; id: string }
  | { type: "mark-internal"; personUuid: string; userUuid: string }
  | { type: "unmark-internal"; userUuid: string }
  | { type: "set-affiliation"; personUuid: string; companyUuid: string }
  | { type: "end-affiliation"; personUuid: string; companyUuid: string }
  /** The full set of companies the person is currently at: the graph adds and ends the difference. */
  | { type: "set-person-affiliations"; personUuid: string; companyUuids: readonly string[] }
  | { type: "merge-persons"; canonicalUuid: string; supersededUuid: string }
  /**
   * An erasure of this process committed, raising the tenant's `erasures` generation to `generation`: after its
   * other changes, so the graph knows that generation applied. A generation it did not see applied (another
   * process's erasure) makes its next read load the graph again.
   */
  | { type: "erasure-applied"; generation: number }
  /**
   * A transaction of this process wrote the tenant's graph changes log from position `after` (excluded) through
   * `through`, and its other changes say what they hold: a graph that held every entry through `after` holds them.
   */
  | { type: "changes-applied"; after: number; through: number };

/** Where writes send their graph changes: applied at once, or held until a transaction commits. */
export type GraphChangeSink = (tenantUuid: string, change: GraphChange) => void;

/** Every `type` a `GraphChange` has. */
const GRAPH_CHANGE_TYPES: ReadonlySet<string> = new Set<GraphChange["type"]>([
  "upsert-interaction",
  "remove-interaction",
  "mark-internal",
  "unmark-internal",
  "set-affiliation",
  "end-affiliation",
  "set-person-affiliations",
  "merge-persons",
  "erasure-applied",
  "changes-applied",
]);

/**
 * Refuses, with an `InvalidInputError` naming `operation`, a change that is not an object of a known `type`: one the
 * graph would otherwise pass over unapplied (a misspelt type) or fail on with a bare TypeError (`null`). The fields
 * of a known change are the graph's to check.
 */
export function requireGraphChange(operation: string, change: unknown): asserts change is GraphChange {
  if (typeof change !== "object" || change === null || Array.isArray(change)) {
    throw new InvalidInputError(`${operation}: "change" must be a graph change object; got ${Array.isArray(change) ? "an array" : String(change)}`);
  }
  const { type } = change as { type?: unknown };
  if (typeof type !== "string" || !GRAPH_CHANGE_TYPES.has(type)) {
    const got = typeof type === "string" ? JSON.stringify(type) : String(type);
    throw new InvalidInputError(`${operation}: "change.type" must be one of ${[...GRAPH_CHANGE_TYPES].join(", ")}; got ${got}`);
  }
}
