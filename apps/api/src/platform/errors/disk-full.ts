/** @module Whether a failure is SQLite's `SQLITE_FULL`: no room left on the disk (or quota) holding the database or its `-wal`. */

/**
 * True for SQLite's disk-full error, which rolled back the transaction it met: the same write succeeds once space is
 * freed, so it is told apart from an unexpected failure.
 *
 * @example isDiskFull(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })); // true
 */
export function isDiskFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "SQLITE_FULL";
}
