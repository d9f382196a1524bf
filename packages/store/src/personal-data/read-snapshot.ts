/**
 * @module
 * A read of several statements from one snapshot of the database, without taking the write lock: an export
 * of a busy person reads for a while, and writers (another process's import) need not wait for it.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * Runs `work` inside one read transaction (`begin` is deferred: in WAL mode the first read takes a snapshot that
 * later commits do not change). Inside a transaction already, `work` reads that transaction's view.
 *
 * @example const rows = await inReadSnapshot(db, async (snapshot) => [await first(snapshot), await second(snapshot)]);
 */
export async function inReadSnapshot<T>(db: Kysely<Database>, work: (snapshot: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
