/**
 * The response cache the environment describes: `RAPPORT_RESPONSE_CACHE_SECONDS` (how long a cached
 * response may be served; default 10, 0 turns the cache off) and `RAPPORT_RESPONSE_CACHE_MIB` (its size;
 * default 64). Checked at start-up.
 */
import { ResponseCache } from "./response-cache.js";

export const RESPONSE_CACHE_SECONDS_VARIABLE = "RAPPORT_RESPONSE_CACHE_SECONDS";
export const RESPONSE_CACHE_MIB_VARIABLE = "RAPPORT_RESPONSE_CACHE_MIB";

function wholeNumber(environment: NodeJS.ProcessEnv, name: string, fallback: number, maximum: number): number {
  const text = environment[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > maximum) throw new Error(`${name}: expecting a whole number from 0 to ${maximum} but got "${text}"`);
  return value;
}

/** Throws one clear line when a variable is not a whole number in range. */
export function responseCacheFromEnvironment(environment: NodeJS.ProcessEnv): ResponseCache {
  const seconds = wholeNumber(environment, RESPONSE_CACHE_SECONDS_VARIABLE, 10, 3600);
  const mebibytes = wholeNumber(environment, RESPONSE_CACHE_MIB_VARIABLE, 64, 65_536);
  return new ResponseCache({ maxAgeMilliseconds: seconds * 1000, maxBytes: mebibytes * 2 ** 20 });
}
