/** What every repository is built with: the database handle, the clock and the id generator. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { GraphChangeSink } from "../graph/graph-change.js";
import type { EntityActivitySource } from "./opportunity-activity.js";
import type { KeyUseBuffer } from "../sqlite/key-use-buffer.js";
import type { MonthlyUsageBuffer } from "../sqlite/monthly-usage-buffer.js";
import type { RememberedReads } from "../sqlite/remembered-reads.js";

export interface RepositoryContext {
  db: Kysely<Database>;
  /**
   * The clock in epoch milliseconds. Given a tenant, a change stamp for it: never below the latest stamp the database
   * holds for the tenant, when the clock stepped back (sqlite/change-stamp-clock.ts).
   */
  now: (tenantUuid?: string) => number;
  generateId: () => string;
  /** Receives the graph changes of committed writes (held back inside a transaction until it commits). */
  emit: GraphChangeSink;
  /**
   * Where reads take the last activity of persons and companies from; absent, from the database.
   * Transactions go to the database: the graph sees their writes only after the commit.
   */
  entityActivity?: EntityActivitySource;
  /**
   * The graph's last activity when the tenant's graph is hydrated already, else null: for a repository's
   * own transaction that writes no interaction or affiliation, so that the graph's committed view is
   * exact in it. Absent in a caller's transaction (`store.transaction`), whose earlier writes the graph
   * has not seen.
   */
  hydratedEntityActivity?: (tenantUuid: string) => EntityActivitySource | null;
  /** Reads remembered until what they depend on changes (sqlite/remembered-reads.ts); absent in transactions. */
  remembered?: RememberedReads;
  /** Monthly request counts kept in memory between writes (sqlite/monthly-usage-buffer.ts); absent in transactions. */
  usageBuffer?: MonthlyUsageBuffer;
  /** Keys' last uses kept in memory between writes (sqlite/key-use-buffer.ts); transactions share the root's. */
  keyUses?: KeyUseBuffer;
  /**
   * A connection of its own for a write transaction that takes seconds (sqlite/long-write-connection.ts), so that
   * other requests do not wait for it, and what to call once such a transaction committed (the store's connection
   * forgets what it remembered). Absent in transactions and for an in-memory database. No connection of the store
   * checkpoints at its commits (sqlite/background-checkpoints.ts), so none copies the long write's WAL into the file
   * on the event loop afterwards.
   */
  longWrites?: { db(): Kysely<Database>; committed(): void };
  /**
   * What follows a person erasure's commit: the WAL's truncation (sqlite/wal-truncation.ts). Absent in a caller's
   * transaction (`store.transaction`), which runs it after its own commit.
   */
  afterErasureCommitted?: () => Promise<void>;
}

/** Runs `work` in a transaction, or inside the current one when `db` already is a transaction. */
export async function withTransaction<T>(
  db: Kysely<Database>,
  work: (transaction: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** SQLite and PostgreSQL both store our booleans as 0/1. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
