/**
 * @module
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of ours.
 * This wraps a better-sqlite3 database so that the same SQL text reuses its prepared statement
 * (bounded, least recently used first out). Safe because Kysely runs one query at a time on the
 * connection, so a statement is never executing twice at once. `onWrite` runs before every statement
 * that may write, `insert ... returning` included: Kysely prepares each query right before running it,
 * so what is remembered from the database can be dropped first.
 */
import type { Database as BetterSqliteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * @example
 * const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, { onWrite: forget }) }) });
 */
export function withStatementCache(database: BetterSqliteDatabase, options: { maximum?: number; onWrite?: () => void } = {}): SqliteDatabase {
  const { maximum = 1_000, onWrite } = options;
  const statements = new Map<string, Statement>();
  const cachedStatement = (sql: string): Statement => {
    const cached = statements.get(sql);
    if (cached) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = database.prepare(sql);
    statements.set(sql, statement);
    if (statements.size > maximum) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const statement = cachedStatement(sql);
      if (!statement.readonly) onWrite?.();
      return statement;
    },
  };
}
