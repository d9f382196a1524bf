import type { HistoryLog } from "./history-retention/history-horizon.js";

/** Errors the store raises for the caller to turn into a 4xx (a uniqueness conflict, bad input), or to report (a database it must not use). */

/** A write would break a uniqueness rule (an email already taken, for instance). */
export class ConflictError extends Error {
  override readonly name = "ConflictError";
}

/** A write names something that does not exist in the tenant, or carries invalid values. */
export class InvalidInputError extends Error {
  override readonly name = "InvalidInputError";
}

/**
 * A write the acting user may not make, found in its transaction: it would take another user's record (a member's
 * deletion of a deal with a colleague's sub-opportunity under it). Nothing was written; the API answers 403.
 */
export class ForbiddenError extends Error {
  override readonly name = "ForbiddenError";
}

/**
 * A call of a store after its `close()`: the message names the call and the store's database (its file, or `:memory:`).
 * Nothing ran. Open the database again with `createSqliteStore` to go on.
 */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
}

/** A write or merge names a record that does not exist in the tenant (the API answers 404). */
export class NotFoundError extends Error {
  override readonly name = "NotFoundError";
}

/**
 * A database file this version must not migrate or use: one written by a newer Rapport (it records migrations this
 * code does not know), or another application's (tables, and no record of Rapport's migrations). Nothing was written.
 */
export class IncompatibleDatabaseError extends Error {
  override readonly name = "IncompatibleDatabaseError";
  /** Whether a newer Rapport wrote the database (a backup taken before the upgrade is what to restore), not another application. */
  readonly newerRapport: boolean;

  constructor(message: string, { newerRapport = false }: { newerRapport?: boolean } = {}) {
    super(message);
    this.newerRapport = newerRapport;
  }
}

/** Where a log's retention horizon stands: the log, and the newest sequence and recording time it pruned. */
export interface PrunedHistory {
  log: HistoryLog;
  prunedThroughSequence: number;
  /** Epoch ms. */
  prunedThroughTime: number;
  /** Epoch ms: set when a restore from a backup (`restoreDatabase`) closed the log there, not a prune. */
  restoredAt?: number;
}

/**
 * A read of the activity feed or the deletions log that starts before what the retention horizon pruned
 * (`history.prune`) or a restore closed (`restoreDatabase`): reading on would miss changes, so the caller must make a full copy (the API answers 410).
 * `horizon` says where to read on from, for a caller that words its own message (an MCP tool's).
 */
export class HistoryPrunedError extends Error {
  override readonly name = "HistoryPrunedError";
  constructor(
    message: string,
    readonly horizon: PrunedHistory,
  ) {
    super(message);
  }
}
