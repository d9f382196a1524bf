/**
 * The response cache the environment describes: `RAPPORT_RESPONSE_CACHE_SECONDS` (how long a cached
 * response may be served; default 10, 0 turns the cache off) and `RAPPORT_RESPONSE_CACHE_MIB` (its size;
 * default 64). Checked at start-up.
 */
import { wholeNumberVariable } from "../environment/whole-number-variable.js";
import { ResponseCache } from "./response-cache.js";

export const RESPONSE_CACHE_SECONDS_VARIABLE = "RAPPORT_RESPONSE_CACHE_SECONDS";
export const RESPONSE_CACHE_MIB_VARIABLE = "RAPPORT_RESPONSE_CACHE_MIB";
/** How long a cached response may be served without `RAPPORT_RESPONSE_CACHE_SECONDS`. */
export const DEFAULT_RESPONSE_CACHE_SECONDS = 10;

/** Throws one clear line when a variable is not a whole number in range. */
export function responseCacheFromEnvironment(environment: NodeJS.ProcessEnv): ResponseCache {
  const seconds = wholeNumberVariable(environment, RESPONSE_CACHE_SECONDS_VARIABLE, DEFAULT_RESPONSE_CACHE_SECONDS, 3600);
  const mebibytes = wholeNumberVariable(environment, RESPONSE_CACHE_MIB_VARIABLE, 64, 65_536);
  return new ResponseCache({ maxAgeMilliseconds: seconds * 1000, maxBytes: mebibytes * 2 ** 20 });
}
