/**
 * @module
 * The schedule of a buffer of writes kept in memory (the month's request counts, keys' last uses): written on the
 * store's connection one period after the first is noted, and when the store closes. A write is put off while a
 * transaction is open on the connection (it would join it, and roll back with it) and kept for the next period when
 * it fails (a busy database, say).
 */
import type SqliteDatabase from "better-sqlite3";

export interface PeriodicWrites {
  /** Schedules a write one period from now, unless one is scheduled or the writes are closed. */
  schedule(): void;
  /** Writes what is pending now (put off while a transaction is open; kept for later when it fails). */
  flush(): void;
  /** Stops the timer and writes what is pending, once; call before closing the connection. */
  close(): void;
}

export interface PendingWrites {
  isEmpty(): boolean;
  /** Writes everything pending, in one transaction; throws to keep it pending. */
  write(): void;
  /** Forgets what was written. */
  clear(): void;
}

/**
 * @example
 * const writes = createPeriodicWrites(sqlite, 60_000, { isEmpty: () => pending.size === 0, write, clear: () => pending.clear() });
 * writes.schedule(); // after noting the first pending row
 */
export function createPeriodicWrites(sqlite: SqliteDatabase.Database, flushAfterMs: number, pending: PendingWrites): PeriodicWrites {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = () => {
    if (timer !== undefined || closed) return;
    timer = setTimeout(flush, flushAfterMs);
    timer.unref();
  };
  const flush = () => {
    timer = undefined;
    if (pending.isEmpty()) return;
    if (sqlite.inTransaction) {
      schedule();
      return;
    }
    try {
      pending.write();
    } catch {
      // Kept for the next period; a store closing gives them up.
      schedule();
      return;
    }
    pending.clear();
  };
  return {
    schedule,
    flush,
    close() {
      if (timer !== undefined) clearTimeout(timer);
      closed = true;
      timer = undefined;
      flush();
    },
  };
}
