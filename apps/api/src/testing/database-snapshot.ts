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
      .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{ name: string; sql: string }>;
    const snapshot: DatabaseSnapshot = {};
    for (const { name, sql } of tables) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      // A WITHOUT ROWID table has no rowid to order by: every column, in order, does as well.
      const columnCount = (database.prepare(`select count(*) as count from pragma_table_info(?)`).get(name) as { count: number }).count;
      const order = /without\s+rowid/i.test(sql) ? Array.from({ length: columnCount }, (_unused, index) => index + 1).join(", ") : "rowid";
      snapshot[name] = database.prepare(`select * from ${quoted} order by ${order}`).all();
    }
    return snapshot;
  } finally {
    database.close();
  }
}

/**
 * The snapshot without `monthly_usage`. Every request counts there, and the count reaches the file up to
 * 100 ms later (`createMonthlyUsageBuffer`): a request that must persist nothing may still write that row,
 * and whether the snapshot sees it depends on the machine's speed.
 */
export function databaseSnapshotBesideUsage(databasePath: string): DatabaseSnapshot {
  const { monthly_usage: _usage, ...snapshot } = databaseSnapshot(databasePath);
  return snapshot;
}
