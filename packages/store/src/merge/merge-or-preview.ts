/**
 * @module
 * Runs a merge (of persons or of companies) in one transaction, or as a preview: the very same merge in a transaction
 * that is then rolled back, so what a preview shows is exactly what the merge would do, and nothing persists.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { GraphChange } from "../graph/graph-change.js";
import { withTransaction, type RepositoryContext } from "../repositories/repository-context.js";

/** Thrown inside a preview's transaction to roll it back, carrying the outcome out. */
class PreviewRollback<Outcome> extends Error {
  constructor(readonly outcome: Outcome) {
    super("merge preview rolled back");
  }
}

/**
 * Runs `merge` in a transaction of `context.db` (the caller's, when it is one): committed, its graph changes go to the
 * tenant's graph; for a preview, rolled back, and nothing is emitted. `operation` names the caller in errors.
 *
 * @example
 * const outcome = await mergeOrPreview(context, { tenantUuid, preview: true, operation: "companyMerges.merge" }, (transaction) => runMerge(transaction));
 */
export async function mergeOrPreview<Outcome extends { graph_changes: readonly GraphChange[] }>(
  context: RepositoryContext,
  options: { tenantUuid: string; preview: boolean; operation: string },
  merge: (transaction: Kysely<Database>) => Promise<Outcome>,
): Promise<Outcome> {
  const { db } = context;
  if (!options.preview) {
    const outcome = await withTransaction(db, merge);
    for (const change of outcome.graph_changes) context.emit(options.tenantUuid, change);
    return outcome;
  }
  if (db.isTransaction) throw new Error(`${options.operation}: a preview cannot run inside another transaction`);
  try {
    await db.transaction().execute(async (transaction) => {
      throw new PreviewRollback(await merge(transaction));
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.outcome as Outcome;
    throw error;
  }
  throw new Error(`${options.operation}: the preview transaction was not rolled back`);
}
