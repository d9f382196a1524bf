/**
 * @module
 * Every row of every table of a SQLite database, read through a second connection: tests compare
 * two snapshots to prove that an operation persisted nothing.
 */
import SqliteDatabase from "better-sqlite3";

export type DatabaseSnapshot = Record<string, unknown[]>;

export function databaseSnapshot(databasePath: string): DatabaseSnapshot {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const tables = database
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{ name: string }>;
    const snapshot: DatabaseSnapshot = {};
    for (const { name } of tables) {
      snapshot[name] = database.prepare(`select * from "${name.replace(/"/g, '""')}" order by rowid`).all();
    }
    return snapshot;
  } finally {
    database.close();
  }
}
