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
 * transaction (migrate-to-latest.ts), where it otherwise ran them one by one, without a transaction or a lock.
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
import { setImmediate } from "node:timers/promises";
import { LongInListsSqliteQueryCompiler } from "./long-in-lists.js";

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateTransactionsSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly yieldAfterEachStatement: boolean,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.yieldAfterEachStatement) return connection;
    // better-sqlite3 runs each statement synchronously, and Kysely's promises around it settle at once: a chain of
    // statements never gives the event loop a turn, so no request is even read until it ends.
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await connection.executeQuery<R>(query);
        await setImmediate();
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }
}

/**
 * `SqliteDialect` whose transactions begin immediate: they wait for other processes' writes, never fail on them; and
 * whose migrations run in one transaction.
 */
export class ImmediateTransactionsSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #yieldAfterEachStatement: boolean;

  /**
   * With `yieldAfterEachStatement`, each statement is followed by a turn of the event loop (`setImmediate`): for a
   * connection whose transactions run for seconds, so that the process goes on answering meanwhile.
   */
  constructor(config: SqliteDialectConfig, options: { yieldAfterEachStatement?: boolean } = {}) {
    super(config);
    this.#config = config;
    this.#yieldAfterEachStatement = options.yieldAfterEachStatement ?? false;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsSqliteDriver(this.#config, this.#yieldAfterEachStatement);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new LongInListsSqliteQueryCompiler();
  }
}
