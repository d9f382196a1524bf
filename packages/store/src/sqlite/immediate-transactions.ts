/**
 * @module
 * Kysely's SQLite dialect with transactions that begin `immediate`. Kysely begins them deferred: the
 * first read takes a snapshot and the first write asks for the write lock. If another process (`rapport
 * import` beside the server, say) commits in between, SQLite cannot upgrade the stale snapshot and fails
 * the write at once with SQLITE_BUSY_SNAPSHOT, whatever the busy timeout. A search applies its tenant's
 * notes that way: it reads the notes, then rewrites indexes and documents. Begun immediate, a transaction
 * takes the write lock first and waits its turn (the busy timeout) instead. Its queries are compiled by
 * `LongInListsSqliteQueryCompiler` (long-in-lists.ts): an `in` list of any length fits in a statement. Its adapter
 * claims transactional DDL, which SQLite has: Kysely's migrator then applies all pending migrations in one such
 * transaction (migrate-to-latest.ts), where it otherwise ran them one by one, without a transaction or a lock. In a
 * request that marks its `Idempotency-Key` claim written (written-claims.ts), each commit carries the mark, and a
 * write outside a transaction is given one to carry it.
 */
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type QueryResult,
  type Driver,
  type QueryCompiler,
  type SqliteDialectConfig,
} from "kysely";
import { setTimeout as delay } from "node:timers/promises";
import { LongInListsSqliteQueryCompiler } from "./long-in-lists.js";
import { rollbackIfStillOpen } from "./rollback-if-still-open.js";
import { isWriteStatement, pendingWriteMark } from "./written-claims.js";

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** How long the store's writes wait for another connection's write lock before they fail (a 503 at the API). */
export const LOCK_WAIT_MS = 5000;

/** Pauses between tries of a statement refused by another connection's lock, in milliseconds; the last repeats. */
export const LOCK_RETRY_PAUSES_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

const isRefusedByLock = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_RECOVERY";
};

class ImmediateTransactionsSqliteDriver extends SqliteDriver {
  #inTransaction = false;

  constructor(
    config: SqliteDialectConfig,
    private readonly options: ImmediateTransactionsOptions,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      const mark = pendingWriteMark();
      if (mark !== null) await connection.executeQuery(mark);
      await super.commitTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction = false;
    await rollbackIfStillOpen(connection);
  }

  /** A write outside a transaction, in a request that marks its claim: the write and its mark, in one transaction. */
  async #withMark<R>(
    connection: DatabaseConnection,
    execute: (query: CompiledQuery) => Promise<QueryResult<unknown>>,
    query: CompiledQuery,
    mark: CompiledQuery,
  ): Promise<QueryResult<R>> {
    await execute(CompiledQuery.raw("begin immediate"));
    this.#inTransaction = true;
    try {
      const result = await connection.executeQuery<R>(query);
      await connection.executeQuery(mark);
      await connection.executeQuery(CompiledQuery.raw("commit"));
      return result;
    } catch (error) {
      await rollbackIfStillOpen(connection);
      throw error;
    } finally {
      this.#inTransaction = false;
    }
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    const { waitForLocksMs } = this.options;
    if (waitForLocksMs === undefined) return connection;
    // Tried again while another connection's lock refuses it; only a refused statement pays for more than a `catch`.
    const retried = async <R>(query: CompiledQuery, error: unknown): Promise<QueryResult<R>> => {
      const refusedAt = performance.now();
      for (let tries = 0; ; tries += 1) {
        // Inside a transaction this connection holds the write lock: a refusal there is not one to wait out.
        if (this.#inTransaction || !isRefusedByLock(error)) throw error;
        if (performance.now() - refusedAt >= waitForLocksMs) throw error;
        await delay(LOCK_RETRY_PAUSES_MS[Math.min(tries, LOCK_RETRY_PAUSES_MS.length - 1)]);
        try {
          return await connection.executeQuery<R>(query);
        } catch (again) {
          error = again;
        }
      }
    };
    const execute = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const mark = this.#inTransaction || !isWriteStatement(query) ? null : pendingWriteMark();
      if (mark !== null) return this.#withMark<R>(connection, execute, query, mark);
      // Kysely's SQLite connection throws synchronously: better-sqlite3 runs the statement in the call.
      try {
        return connection.executeQuery<R>(query).catch((error: unknown) => retried<R>(query, error));
      } catch (error) {
        return retried<R>(query, error);
      }
    };
    return { executeQuery: execute, streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize) };
  }
}

export interface ImmediateTransactionsOptions {
  /**
   * A statement outside a transaction (a transaction's `begin` included) that another connection's lock refuses is
   * tried again after short pauses until this long has passed since the first refusal, then fails with SQLite's
   * error. SQLite's own busy timeout sleeps in the calling thread, holding the event loop: give the connection
   * `busy_timeout = 0` and this instead, and the process goes on answering while a write waits for the lock (another
   * process's import, a person's erasure on a connection of its own).
   */
  waitForLocksMs?: number;
}

/**
 * `SqliteDialect` whose transactions begin immediate: they wait for other processes' writes, never fail on them; and
 * whose migrations run in one transaction.
 */
export class ImmediateTransactionsSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #options: ImmediateTransactionsOptions;

  constructor(config: SqliteDialectConfig, options: ImmediateTransactionsOptions = {}) {
    super(config);
    this.#config = config;
    this.#options = options;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsSqliteDriver(this.#config, this.#options);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new LongInListsSqliteQueryCompiler();
  }
}
