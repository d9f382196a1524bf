/** @module Whole-number settings read from environment variables at start-up. */
import { ConfigurationError } from "./configuration-error.js";

/**
 * The whole number in `environment[name]`, or `fallback` when it is unset or blank; throws one clear line
 * naming the variable when it is anything else, below `minimum` (default 0) or above `maximum`.
 * @example wholeNumberVariable({ RAPPORT_RESPONSE_CACHE_MIB: "32" }, "RAPPORT_RESPONSE_CACHE_MIB", 64, 65_536); // 32
 */
export function wholeNumberVariable(environment: NodeJS.ProcessEnv, name: string, fallback: number, maximum: number, minimum = 0): number {
  const text = environment[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < minimum || value > maximum) {
    throw new ConfigurationError(`${name}: expecting a whole number from ${minimum} to ${maximum} but got "${text}"`);
  }
  return value;
}
