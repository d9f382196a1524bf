/** The database file: --db, else RAPPORT_DB, else ./data/rapport.db. */
import { resolve } from "node:path";

export const DEFAULT_DATABASE_PATH = "./data/rapport.db";

export function resolveDatabasePath(option: string | undefined): string {
  const chosen = option ?? process.env.RAPPORT_DB ?? DEFAULT_DATABASE_PATH;
  return chosen === ":memory:" ? chosen : resolve(chosen);
}
