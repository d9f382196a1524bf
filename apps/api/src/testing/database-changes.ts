/**
 * @module
 * What each call writes to a test database, recorded as it happens: triggers on every table log each row
 * a statement adds or removes (an update is both), so a test reads one call's writes without reading the
 * whole database. A rolled-back write leaves no trace, as it leaves no row.
 */
import SqliteDatabase from "better-sqlite3";

/** Per table with a change: the rows added and the rows removed, as JSON text, sorted. */
export type DatabaseChanges = Record<string, { added: string[]; removed: string[] }>;

export interface ChangeRecorder {
  /** The writes since the recorder was opened or last taken, then forgets them. */
  take(): DatabaseChanges;
  close(): void;
}

const LOG_TABLE = "test_change_log";

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Starts recording the writes to the database at `databasePath`, except to the tables `ignored` names (and
 * virtual tables, which take no triggers). Meant for throwaway test databases: the triggers stay in the file.
 */
export function recordDatabaseChanges(databasePath: string, ignored: (table: string) => boolean = () => false): ChangeRecorder {
  const database = new SqliteDatabase(databasePath);
  database.exec(`create table if not exists ${LOG_TABLE} (sequence integer primary key, table_name text not null, change text not null, row text not null)`);
  const tables = database
    .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != ?")
    .all(LOG_TABLE) as Array<{ name: string; sql: string }>;
  for (const { name, sql } of tables) {
    if (ignored(name) || /^\s*create\s+virtual/i.test(sql)) continue;
    const columns = (database.prepare("select name from pragma_table_info(?) order by cid").all(name) as Array<{ name: string }>).map((column) => column.name);
    // JSON holds no blobs: a blob is logged as its hex text.
    const rowOf = (alias: "new" | "old") =>
      `json_object(${columns.map((column) => `'${column.replace(/'/g, "''")}', iif(typeof(${alias}.${quoted(column)}) = 'blob', hex(${alias}.${quoted(column)}), ${alias}.${quoted(column)})`).join(", ")})`;
    const log = (change: "added" | "removed", alias: "new" | "old") =>
      `insert into ${LOG_TABLE} (table_name, change, row) values ('${name.replace(/'/g, "''")}', '${change}', ${rowOf(alias)});`;
    const trigger = (event: string) => quoted(`${LOG_TABLE}_${name}_${event}`);
    database.exec(`create trigger if not exists ${trigger("insert")} after insert on ${quoted(name)} begin ${log("added", "new")} end`);
    database.exec(`create trigger if not exists ${trigger("update")} after update on ${quoted(name)} begin ${log("removed", "old")} ${log("added", "new")} end`);
    database.exec(`create trigger if not exists ${trigger("delete")} after delete on ${quoted(name)} begin ${log("removed", "old")} end`);
  }
  const read = database.prepare(`select table_name, change, row from ${LOG_TABLE} order by sequence`);
  const clear = database.prepare(`delete from ${LOG_TABLE}`);
  return {
    take() {
      const logged = read.all() as Array<{ table_name: string; change: "added" | "removed"; row: string }>;
      clear.run();
      const byTable = new Map<string, { added: string[]; removed: string[] }>();
      for (const { table_name, change, row } of logged) {
        const entry = byTable.get(table_name) ?? { added: [], removed: [] };
        entry[change].push(row);
        byTable.set(table_name, entry);
      }
      const changes: DatabaseChanges = {};
      for (const [table, { added, removed }] of byTable) {
        // A row written and removed again within the call (or a no-op update) is no change.
        const kept = { added: withoutEach(added, removed).sort(), removed: withoutEach(removed, added).sort() };
        if (kept.added.length > 0 || kept.removed.length > 0) changes[table] = kept;
      }
      return changes;
    },
    close: () => database.close(),
  };
}

/** `rows` less one occurrence of each of `taken` (a multiset difference). */
function withoutEach(rows: string[], taken: string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of taken) counts.set(row, (counts.get(row) ?? 0) + 1);
  return rows.filter((row) => {
    const count = counts.get(row) ?? 0;
    if (count === 0) return true;
    counts.set(row, count - 1);
    return false;
  });
}
