/** Whether a path names a database file, or one SQLite keeps beside it, however the path reaches it. */
import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The files SQLite keeps beside a database, which belong to it: replacing or reading one as a file of its own is wrong. */
export const DATABASE_COMPANION_SUFFIXES = ["-wal", "-shm", "-journal"] as const;

/** `path`, absolute, with its folder's symbolic links resolved: two paths through different links to one folder compare equal. */
function canonicalPath(path: string): string {
  const absolute = resolve(path);
  try {
    return join(realpathSync(dirname(absolute)), basename(absolute));
  } catch {
    return absolute;
  }
}

/**
 * True when `path` names the database `databasePath` itself or one of its companion files (`-wal`, `-shm`,
 * `-journal`), through whatever folder path (symbolic links, `..`). A link to the file itself is not followed:
 * replacing the link leaves the database alone.
 */
export function isDatabaseFileOf(path: string, databasePath: string): boolean {
  const wanted = canonicalPath(path);
  const database = canonicalPath(databasePath);
  return ["", ...DATABASE_COMPANION_SUFFIXES].some((suffix) => wanted === `${database}${suffix}`);
}
