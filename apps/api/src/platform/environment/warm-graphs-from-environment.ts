/**
 * @module
 * Whether `rapport serve` warms the tenants' graphs at start: `RAPPORT_WARM_GRAPHS` (default 1, yes; 0, no;
 * true/false, yes/no and on/off read the same).
 * Checked at start-up.
 */
import { switchVariable } from "./switch-variable.js";

export const WARM_GRAPHS_VARIABLE = "RAPPORT_WARM_GRAPHS";

/**
 * False when `RAPPORT_WARM_GRAPHS` is off (0), true when it is on (1) or unset; throws one clear line otherwise.
 * @example warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "0" }); // false
 */
export function warmGraphsFromEnvironment(environment: NodeJS.ProcessEnv): boolean {
  return switchVariable(environment, WARM_GRAPHS_VARIABLE, true);
}
