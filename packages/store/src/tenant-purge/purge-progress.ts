/**
 * @module
 * How far a purge is, in rows counted when it began. A table's rows go partly by the purge's own statements and
 * partly by the triggers of other tables' deletions (an opportunity takes its live links), and triggers log new rows
 * into tables passed already: counting the statements' rows alone would stop short of the total or pass it. So a
 * table passed counts for all it held, and the table in progress for what its steps removed, up to what it held.
 */
import type { TenantPurgeProgress } from "../store.js";

export interface PurgeProgressTally {
  /** A step removed `removed` rows of `table`. */
  stepped(table: string, removed: number): void;
  /** The purge is done with `table` (on its first pass over the tables). */
  passed(table: string): void;
}

/** Reports to `onProgress` after each step, and when a table is passed with rows its steps did not remove. */
export function createPurgeProgressTally(heldAtStart: Readonly<Record<string, number>>, onProgress: ((progress: TenantPurgeProgress) => void) | undefined): PurgeProgressTally {
  const total = Object.values(heldAtStart).reduce((sum, count) => sum + count, 0);
  const passedTables = new Set<string>();
  let passedRows = 0;
  let current: { table: string; removed: number } | null = null;
  let lastDone = 0;
  const report = (table: string, removed: number) => {
    const inProgress = current && !passedTables.has(current.table) ? Math.min(current.removed, heldAtStart[current.table] ?? 0) : 0;
    lastDone = Math.min(total, passedRows + inProgress);
    onProgress?.({ table, removed, done: lastDone, total });
  };
  return {
    stepped(table, removed) {
      if (current?.table !== table) current = { table, removed: 0 };
      current.removed += removed;
      report(table, removed);
    },
    passed(table) {
      if (passedTables.has(table)) return;
      passedTables.add(table);
      passedRows += heldAtStart[table] ?? 0;
      if (Math.min(total, passedRows) > lastDone) report(table, 0);
    },
  };
}
