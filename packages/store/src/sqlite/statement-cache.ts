/**
 * @module
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of ours.
 * This wraps a better-sqlite3 database so that the same SQL text reuses its prepared statement
 * (bounded, least recently used first out). Safe because Kysely runs one query at a time on the
 * connection, so a statement is never executing twice at once.
 */
import type { Database as BetterSqliteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

export function withStatementCache(database: BetterSqliteDatabase, maximum = 1_000): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
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
    },
  };
}
