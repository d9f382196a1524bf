/**
 * @module
 * How many tenants' relationship graphs a server holds in memory at once: `RAPPORT_GRAPH_TENANTS` (default 64).
 * Loading one more drops the graph read least recently; its tenant's next relationship read loads it again.
 * Checked at start-up.
 */
import { wholeNumberVariable } from "./whole-number-variable.js";

export const GRAPH_TENANTS_VARIABLE = "RAPPORT_GRAPH_TENANTS";

/** Graphs held at once unless told: every tenant of a host of a few dozen stays warm. */
export const DEFAULT_GRAPH_TENANTS = 64;

/**
 * The store's `maximumTenantGraphs` from `RAPPORT_GRAPH_TENANTS`; throws one clear line when it is not a whole number
 * from 1 to 100000.
 * @example graphTenantsFromEnvironment({ RAPPORT_GRAPH_TENANTS: "8" }); // 8
 */
export function graphTenantsFromEnvironment(environment: NodeJS.ProcessEnv): number {
  return wholeNumberVariable(environment, GRAPH_TENANTS_VARIABLE, DEFAULT_GRAPH_TENANTS, 100_000, 1);
}
