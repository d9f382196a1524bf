/** @module A store transaction begun inside another: a savepoint, whose writes and graph changes a failure undoes alone. */
import { sql } from "kysely";
import type { RepositoryContext } from "../repositories/repository-context.js";
import type { Store } from "../store.js";

/**
 * Runs `work` on a store built by `storeOver` under a savepoint of the transaction `context` holds: when `work`
 * throws, its writes are rolled back and its graph changes dropped, the error goes on to the caller, and the outer
 * transaction keeps what it wrote before; when it returns, its graph changes join the outer transaction's, which
 * still decides whether any of it commits. The nested calls of one transaction must run one at a time.
 */
export async function inSavepoint<T>(
  context: RepositoryContext,
  work: (store: Store) => Promise<T>,
  storeOver: (context: RepositoryContext) => Store,
): Promise<T> {
  const held: Array<Parameters<RepositoryContext["emit"]>> = [];
  const nested = storeOver({ ...context, emit: (...change) => held.push(change) });
  await sql`savepoint store_transaction`.execute(context.db);
  let result: T;
  try {
    result = await work(nested);
  } catch (error) {
    await sql`rollback to savepoint store_transaction`.execute(context.db);
    await sql`release savepoint store_transaction`.execute(context.db);
    throw error;
  }
  await sql`release savepoint store_transaction`.execute(context.db);
  for (const change of held) context.emit(...change);
  return result;
}
