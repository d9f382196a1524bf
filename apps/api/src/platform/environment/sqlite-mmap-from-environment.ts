/**
 * @module
 * How much of the database file the store maps into memory: `RAPPORT_SQLITE_MMAP_MIB` (default 0, none).
 * Checked at start-up.
 */
import { wholeNumberVariable } from "./whole-number-variable.js";

export const SQLITE_MMAP_MIB_VARIABLE = "RAPPORT_SQLITE_MMAP_MIB";

/**
 * The store's `mmapBytes` from `RAPPORT_SQLITE_MMAP_MIB`; throws one clear line when it is not a whole
 * number of MiB up to 1 TiB.
 * @example sqliteMmapBytesFromEnvironment({ RAPPORT_SQLITE_MMAP_MIB: "2048" }); // 2147483648
 */
export function sqliteMmapBytesFromEnvironment(environment: NodeJS.ProcessEnv): number {
  return wholeNumberVariable(environment, SQLITE_MMAP_MIB_VARIABLE, 0, 2 ** 20) * 2 ** 20;
}
