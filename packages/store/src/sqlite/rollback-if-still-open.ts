/**
 * @module
 * A transaction's rollback that keeps the error which ended it. SQLite rolls a transaction back by itself on some
 * failures (SQLITE_FULL when the disk or `max_page_count` is full, SQLITE_IOERR, SQLITE_NOMEM); Kysely's `rollback`
 * after that failed with "cannot rollback - no transaction is active", which it threw in place of the first error, so
 * a full disk reached the log and the client as that message.
 */
import { CompiledQuery, type DatabaseConnection } from "kysely";

const NO_TRANSACTION_ACTIVE = "cannot rollback - no transaction is active";

/** Rolls back the transaction open on `connection`; one SQLite has already rolled back is left as it is. */
export async function rollbackIfStillOpen(connection: DatabaseConnection): Promise<void> {
  try {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  } catch (error) {
    if ((error as { message?: unknown } | null)?.message !== NO_TRANSACTION_ACTIVE) throw error;
  }
}
