/**
 * @module
 * Whether `rapport serve` warms the tenants' graphs at start: `RAPPORT_WARM_GRAPHS` (default 1, yes; 0, no).
 * Checked at start-up.
 */
import { wholeNumberVariable } from "./whole-number-variable.js";

export const WARM_GRAPHS_VARIABLE = "RAPPORT_WARM_GRAPHS";

/**
 * False when `RAPPORT_WARM_GRAPHS` is 0, true when it is 1 or unset; throws one clear line otherwise.
 * @example warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "0" }); // false
 */
export function warmGraphsFromEnvironment(environment: NodeJS.ProcessEnv): boolean {
  return wholeNumberVariable(environment, WARM_GRAPHS_VARIABLE, 1, 1) === 1;
}
