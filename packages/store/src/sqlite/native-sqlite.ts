/**
 * @module
 * Says what to do when better-sqlite3's compiled part is missing or was built for another Node.js: its install script
 * builds it, and npm 11 (for a dependency not yet in `allowScripts`, when told to deny or to be strict), pnpm 10 (unless
 * approved) and `--ignore-scripts` skip that script. The first database a process opens otherwise failed with the
 * `bindings` package's "Could not locate the bindings file. Tried: ..." and thirteen paths, naming neither the store
 * nor the fix.
 */
import SqliteDatabase from "better-sqlite3";

/** What fixes a better-sqlite3 that cannot be loaded, the commands for npm and pnpm. */
const FIX =
  "its install script builds it: approve it and build it (npm: npm install-scripts approve better-sqlite3, then " +
  "npm rebuild better-sqlite3; pnpm: pnpm approve-builds, then pnpm rebuild better-sqlite3), or, after a change of " +
  "Node.js version, rebuild it (npm rebuild better-sqlite3)";

let loaded = false;

/**
 * The error to throw for `error`, thrown by better-sqlite3 as it loaded its compiled part (the `bindings` package's
 * "Could not locate the bindings file", or Node's ERR_DLOPEN_FAILED for a file built for another Node.js), naming
 * `operation` and saying how to build it, the original as its `cause`; null for any other error.
 *
 * @example nativeSqliteProblem("createSqliteStore", error)?.message; // "createSqliteStore: better-sqlite3 ... is not built ..."
 */
export function nativeSqliteProblem(operation: string, error: unknown): Error | null {
  if (!(error instanceof Error)) return null;
  const code = (error as NodeJS.ErrnoException).code;
  if (error.message.startsWith("Could not locate the bindings file")) {
    return new Error(`${operation}: better-sqlite3, which @rapport/store opens SQLite with, is not built (no better_sqlite3.node): ${FIX}.`, { cause: error });
  }
  if (code === "ERR_DLOPEN_FAILED" && /better_sqlite3\.node/.test(error.message)) {
    return new Error(`${operation}: better-sqlite3, which @rapport/store opens SQLite with, cannot be loaded (${error.message.split("\n")[0]}): ${FIX}.`, { cause: error });
  }
  return null;
}

/**
 * Throws, before `operation` does anything, the error `nativeSqliteProblem` gives when `open` (a database opened as
 * better-sqlite3 opens one) fails to load better-sqlite3's compiled part; any other failure of `open` as it is.
 *
 * @example checkNativeSqlite("createSqliteStore", () => new SqliteDatabase(":memory:"));
 */
export function checkNativeSqlite(operation: string, open: () => { close(): unknown }): void {
  try {
    open().close();
  } catch (error) {
    throw nativeSqliteProblem(operation, error) ?? error;
  }
}

/**
 * `checkNativeSqlite` with a throwaway in-memory database, once a process: after one opened, calls return at once.
 *
 * @example requireNativeSqlite("createSqliteStore");
 */
export function requireNativeSqlite(operation: string): void {
  if (loaded) return;
  checkNativeSqlite(operation, () => new SqliteDatabase(":memory:"));
  loaded = true;
}
