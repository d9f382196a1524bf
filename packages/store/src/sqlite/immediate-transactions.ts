/**
 * @module
 * Kysely's SQLite dialect with transactions that begin `immediate`. Kysely begins them deferred: the
 * first read takes a snapshot and the first write asks for the write lock. If another process (`rapport
 * import` beside the server, say) commits in between, SQLite cannot upgrade the stale snapshot and fails
 * the write at once with SQLITE_BUSY_SNAPSHOT, whatever the busy timeout. A search applies its tenant's
 * notes that way: it reads the notes, then rewrites indexes and documents. Begun immediate, a transaction
 * takes the write lock first and waits its turn (the busy timeout) instead. Its queries are compiled by
 * `LongInListsSqliteQueryCompiler` (long-in-lists.ts): an `in` list of any length fits in a statement.
 */
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type QueryCompiler, type SqliteDialectConfig } from "kysely";
import { LongInListsSqliteQueryCompiler } from "./long-in-lists.js";

class ImmediateTransactionsSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** `SqliteDialect` whose transactions begin immediate: they wait for other processes' writes, never fail on them. */
export class ImmediateTransactionsSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsSqliteDriver(this.#config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new LongInListsSqliteQueryCompiler();
  }
}
