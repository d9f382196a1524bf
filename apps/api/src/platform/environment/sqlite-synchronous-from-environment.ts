/**
 * @module
 * How the store's commits reach the disk: `RAPPORT_SQLITE_SYNCHRONOUS` (`normal`, the default, or `full`). Checked at
 * start-up.
 */
import type { SqliteSynchronous } from "@rapport/store";
import { ConfigurationError } from "./configuration-error.js";

export const SQLITE_SYNCHRONOUS_VARIABLE = "RAPPORT_SQLITE_SYNCHRONOUS";

const LEVELS: readonly SqliteSynchronous[] = ["normal", "full"];

/**
 * The store's `synchronous` from `RAPPORT_SQLITE_SYNCHRONOUS` (any case; `normal` when unset or blank); throws one
 * clear line naming the variable for another value.
 * @example sqliteSynchronousFromEnvironment({ RAPPORT_SQLITE_SYNCHRONOUS: "FULL" }); // "full"
 */
export function sqliteSynchronousFromEnvironment(environment: NodeJS.ProcessEnv): SqliteSynchronous {
  const text = environment[SQLITE_SYNCHRONOUS_VARIABLE]?.trim().toLowerCase();
  if (!text) return "normal";
  const level = LEVELS.find((known) => known === text);
  if (level === undefined) {
    throw new ConfigurationError(`${SQLITE_SYNCHRONOUS_VARIABLE}: expecting normal or full but got ${JSON.stringify(environment[SQLITE_SYNCHRONOUS_VARIABLE])}`);
  }
  return level;
}
