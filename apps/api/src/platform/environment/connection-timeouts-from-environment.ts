/**
 * @module
 * The server's connection time limits from `RAPPORT_KEEP_ALIVE_SECONDS` (default 65),
 * `RAPPORT_REQUEST_TIMEOUT_SECONDS` (default 300) and `RAPPORT_HEADERS_TIMEOUT_SECONDS` (default a second more than
 * the keep-alive, at most the request limit). Checked at start-up.
 */
import { connectionTimeouts, DEFAULT_KEEP_ALIVE_MILLISECONDS, DEFAULT_REQUEST_MILLISECONDS, type ConnectionTimeouts } from "../server/connection-timeouts.js";
import { wholeNumberVariable } from "./whole-number-variable.js";

export const KEEP_ALIVE_SECONDS_VARIABLE = "RAPPORT_KEEP_ALIVE_SECONDS";
export const HEADERS_TIMEOUT_SECONDS_VARIABLE = "RAPPORT_HEADERS_TIMEOUT_SECONDS";
export const REQUEST_TIMEOUT_SECONDS_VARIABLE = "RAPPORT_REQUEST_TIMEOUT_SECONDS";

/** Longest request limit: a 100 MiB import upload then needs about 230 kbit/s. */
const MAXIMUM_REQUEST_SECONDS = 3600;

/**
 * The connection time limits the environment sets; throws one clear line naming the variable when it is not a
 * whole number of seconds from 1 (0 would keep an idle connection, or wait for headers, forever) to its maximum.
 * @example connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: "120" }); // keep-alive 120 s, headers 121 s, request 300 s
 */
export function connectionTimeoutsFromEnvironment(environment: NodeJS.ProcessEnv): ConnectionTimeouts {
  const keepAliveSeconds = wholeNumberVariable(environment, KEEP_ALIVE_SECONDS_VARIABLE, DEFAULT_KEEP_ALIVE_MILLISECONDS / 1000, 3600, 1);
  const requestSeconds = wholeNumberVariable(environment, REQUEST_TIMEOUT_SECONDS_VARIABLE, DEFAULT_REQUEST_MILLISECONDS / 1000, MAXIMUM_REQUEST_SECONDS, 1);
  // Unset, the headers limit follows the keep-alive (see connectionTimeouts). Node refuses one above the request limit.
  const headersSeconds = environment[HEADERS_TIMEOUT_SECONDS_VARIABLE]?.trim()
    ? wholeNumberVariable(environment, HEADERS_TIMEOUT_SECONDS_VARIABLE, 0, requestSeconds, 1)
    : undefined;
  return connectionTimeouts({
    keepAliveMilliseconds: keepAliveSeconds * 1000,
    requestMilliseconds: requestSeconds * 1000,
    ...(headersSeconds === undefined ? {} : { headersMilliseconds: headersSeconds * 1000 }),
  });
}
