/**
 * @module
 * SQLite's `secure_delete` for the statements of one piece of work: the bytes of deleted rows, and whole pages
 * freed, are overwritten with zeros instead of staying in the file's free space until SQLite reuses them.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** `pragma secure_delete` answers 0, 1 or 2; setting it takes a name (a "2" would read as on, not fast). */
const SETTINGS = ["off", "on", "fast"] as const;

/**
 * Runs `work` with `pragma secure_delete = on` (not `fast`, which leaves freed pages as they were), then puts
 * back the connection's setting, also when `work` fails. `transaction` must be a transaction: it holds its
 * connection (the store's, or the erasure's own), so no other request's statement runs under the setting, nor
 * between its change and its undoing. The zeros are written by the statements themselves, so the setting may go back before the commit.
 *
 * @example
 * await db.transaction().execute((transaction) => withSecureDelete(transaction, () => deleteRows(transaction)));
 */
export async function withSecureDelete<T>(transaction: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!transaction.isTransaction) throw new Error("withSecureDelete: expecting a transaction, got the database handle itself");
  const current = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(transaction);
  const previous = SETTINGS[current.rows[0]?.secure_delete ?? 0] ?? "off";
  await sql`pragma secure_delete = on`.execute(transaction);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma secure_delete = ${previous}`).execute(transaction);
  }
}
