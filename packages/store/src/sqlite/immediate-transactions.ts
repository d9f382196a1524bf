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
  type Driver,
  type QueryCompiler,
  type SqliteDialectConfig,
} from "kysely";
import { LongInListsSqliteQueryCompiler } from "./long-in-lists.js";

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateTransactionsSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * `SqliteDialect` whose transactions begin immediate: they wait for other processes' writes, never fail on them; and
 * whose migrations run in one transaction.
 */
export class ImmediateTransactionsSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new LongInListsSqliteQueryCompiler();
  }
}
