/** @module On/off settings read from environment variables at start-up. */
import { ConfigurationError } from "./configuration-error.js";

const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];

/**
 * Whether `environment[name]` turns the setting on: 1, true, yes or on (any case) for on; 0, false, no or off for
 * off; `fallback` when it is unset or blank. Anything else throws one clear line naming the variable.
 * @example switchVariable({ RAPPORT_TRUST_PROXY: "true" }, "RAPPORT_TRUST_PROXY", false); // true
 */
export function switchVariable(environment: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = environment[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (ON.includes(text)) return true;
  if (OFF.includes(text)) return false;
  throw new ConfigurationError(`${name}: expecting 1 or 0 (or true/false, yes/no, on/off) but got "${environment[name]}"`);
}
