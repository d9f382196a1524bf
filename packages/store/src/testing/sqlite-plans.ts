/** @module Test helpers: the SQL a store call prepares, and the plan SQLite gives a statement. */
import SqliteDatabase from "better-sqlite3";
import { vi } from "vitest";

/** The SQL that `read` prepares (a statement the driver prepared earlier in the process does not show). */
export async function preparedDuring(read: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const prepare = SqliteDatabase.prototype.prepare;
  const spy = vi.spyOn(SqliteDatabase.prototype, "prepare").mockImplementation(function (this: SqliteDatabase.Database, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  });
  try {
    await read();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

/** SQLite's query plan of `source` on `sqlite`, its steps joined by "; " (every parameter bound to null). */
export function planOf(sqlite: SqliteDatabase.Database, source: string): string {
  const parameters = new Array<null>((source.match(/\?/g) ?? []).length).fill(null);
  return (sqlite.prepare(`explain query plan ${source}`).all(...parameters) as Array<{ detail: string }>).map((row) => row.detail).join("; ");
}
