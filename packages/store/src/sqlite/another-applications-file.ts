import type SqliteDatabase from "better-sqlite3";
import { anotherApplicationsDatabase } from "./migrate-to-latest.js";

/**
 * Throws the `IncompatibleDatabaseError` every store throws for another application's SQLite database (tables, no
 * record of Rapport's migrations), for the operations that work on the file without a store: status, backup,
 * compact. An empty database passes (a new one). Reads only.
 */
export function refuseAnotherApplicationsFile(db: SqliteDatabase.Database): void {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").pluck().all() as string[];
  if (tables.length > 0 && !tables.includes("kysely_migration")) throw anotherApplicationsDatabase(tables);
}
