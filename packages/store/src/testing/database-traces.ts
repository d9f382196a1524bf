/** Scans every column of every table of a database file for values: what erasure and access tests look for. */
import SqliteDatabase from "better-sqlite3";

/** A value of a row that holds one of the needles. */
export interface DatabaseTrace {
  table: string;
  column: string;
  /** The needle found, lower-cased. */
  needle: string;
  row: Record<string, unknown>;
}

/** Every value of every row of every table of the database file that holds one of `needles` (ignoring case). */
export function traceRowsIn(path: string, needles: readonly string[]): DatabaseTrace[] {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const lowered = needles.map((needle) => needle.toLowerCase());
    const found: DatabaseTrace[] = [];
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      for (const row of sqlite.prepare(`select * from "${name}"`).all() as Array<Record<string, unknown>>) {
        for (const [column, value] of Object.entries(row)) {
          const text = Buffer.isBuffer(value) ? value.toString("latin1") : typeof value === "string" ? value : null;
          if (text === null) continue;
          for (const needle of lowered) if (text.toLowerCase().includes(needle)) found.push({ table: name, column, needle, row });
        }
      }
    }
    return found;
  } finally {
    sqlite.close();
  }
}

/** The same as `table.column: needle` lines. */
export function tracesIn(path: string, needles: readonly string[]): string[] {
  return traceRowsIn(path, needles).map((trace) => `${trace.table}.${trace.column}: ${trace.needle}`);
}
