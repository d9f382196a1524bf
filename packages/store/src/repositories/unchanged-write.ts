/**
 * A write that changes nothing is no change: run under a savepoint and undone when the stored record is what it was,
 * so that it moves no change stamp, no poll's position, no feed entry and no log entry. A two-way sync writes every
 * record it holds each day; were those writes changes, both sides would echo each other's records forever.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** What `undoneIfUnchanged` answers: the write's result and whether it stayed (false: undone, nothing stored moved). */
export interface KeptWrite<T> {
  result: T;
  changed: boolean;
}

/**
 * Runs `write` in `transaction` under a savepoint; when `unchanged(result)` says the stored result equals what was
 * stored before, rolls the write back to the savepoint. A write that throws is rolled back too (no partial write in a
 * caller's transaction). Savepoints nest, so this works inside a caller's transaction as inside the repository's own.
 */
export async function undoneIfUnchanged<T>(
  transaction: Kysely<Database>,
  write: () => Promise<T>,
  unchanged: (result: T) => boolean | Promise<boolean>,
): Promise<KeptWrite<T>> {
  await sql`savepoint unchanged_write`.execute(transaction);
  let result: T;
  let undo: boolean;
  try {
    result = await write();
    undo = await unchanged(result);
  } catch (error) {
    // A failed statement may have ended the transaction already: then there is nothing left to undo.
    await sql`rollback to unchanged_write`.execute(transaction).catch(() => undefined);
    await sql`release unchanged_write`.execute(transaction).catch(() => undefined);
    throw error;
  }
  if (undo) await sql`rollback to unchanged_write`.execute(transaction);
  await sql`release unchanged_write`.execute(transaction);
  return { result, changed: !undo };
}

/** True when two rows hold the same values in every column but `ignored` (the change stamps). */
export function sameColumns<Row extends object>(before: Row, after: Row, ignored: ReadonlyArray<keyof Row>): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as Array<keyof Row>);
  for (const key of keys) {
    if (ignored.includes(key)) continue;
    if (!sameValue(before[key], after[key])) return false;
  }
  return true;
}

/** Numbers of SQLite come back as number or bigint: the same value either way. */
function sameValue(left: unknown, right: unknown): boolean {
  if ((typeof left === "number" || typeof left === "bigint") && (typeof right === "number" || typeof right === "bigint")) return Number(left) === Number(right);
  return left === right;
}

/** True when two lists hold the same entries in any order (each entry's `key`). */
export function sameEntries<T>(before: readonly T[], after: readonly T[], key: (entry: T) => string): boolean {
  if (before.length !== after.length) return false;
  const sorted = (list: readonly T[]) => list.map(key).sort();
  const left = sorted(before);
  const right = sorted(after);
  return left.every((entry, index) => entry === right[index]);
}
