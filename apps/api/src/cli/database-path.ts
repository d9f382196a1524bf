/** The database file: --db, else RAPPORT_DB, else ./data/rapport.db; and what to say when it cannot be opened. */
import { resolve } from "node:path";
import { CliError } from "./cli-output.js";

export const DEFAULT_DATABASE_PATH = "./data/rapport.db";

export function resolveDatabasePath(option: string | undefined): string {
  const chosen = option ?? process.env.RAPPORT_DB ?? DEFAULT_DATABASE_PATH;
  if (chosen.trim() === "") throw new CliError("--db (or RAPPORT_DB) is empty: name the database file, e.g. ./data/rapport.db");
  return chosen === ":memory:" ? chosen : resolve(chosen);
}

/** SQLite's codes for a file that cannot be a database here, and what to tell the user. */
const OPEN_FAILURES: Record<string, string> = {
  SQLITE_CANTOPEN: "cannot open the database file",
  SQLITE_NOTADB: "is not a SQLite database",
  SQLITE_READONLY: "is read-only",
  SQLITE_CORRUPT: "is corrupt",
};

/**
 * Runs `open` (which opens the database at `path`); a file that cannot be one becomes a one-line CliError naming
 * the path and how it was chosen, instead of SQLite's own message ("unable to open database file").
 */
export async function openingDatabase<T>(path: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const failure = typeof code === "string" ? OPEN_FAILURES[code] : undefined;
    if (failure === undefined) throw error;
    const what = code === "SQLITE_CANTOPEN" ? `${failure} ${path}` : `${path} ${failure}`;
    throw new CliError(`${what} (chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH}): name a SQLite file in a folder you can write`);
  }
}
