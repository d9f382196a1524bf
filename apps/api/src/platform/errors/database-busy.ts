/** @module Whether a failure is SQLite's "busy": another process held the database's write lock past the wait. */

/**
 * SQLite's busy codes (`SQLITE_BUSY`, `SQLITE_BUSY_SNAPSHOT`, ...): another process (`rapport import`, `rapport persons
 * erase`, a second server) held the database's write lock past the busy timeout: the same write can succeed later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}
