import SqliteDatabase from "better-sqlite3";
import { ConflictError } from "../errors.js";

/** SQLite's error code of `error`, or "". */
const sqliteCode = (error: unknown) => String((error as { code?: unknown }).code ?? "");

/**
 * Opens the database file at `path` alone: an exclusive lock, which SQLite grants only when no other connection has
 * the file open (every connection in WAL mode holds a shared lock while it is open, idle or not), held until the
 * connection closes. Asked without waiting: `null` when another process (a server, an import, another command) has
 * the file open.
 */
export function openAlone(path: string): SqliteDatabase.Database | null {
  const db = new SqliteDatabase(path, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    // Before any read: the lock, once taken, is held until the connection closes.
    db.pragma("locking_mode = exclusive");
    db.exec("begin exclusive");
    db.exec("commit");
    return db;
  } catch (error) {
    db.close();
    if (sqliteCode(error).startsWith("SQLITE_BUSY")) return null;
    throw error;
  }
}

/**
 * `openAlone`, or a ConflictError for `operation` (`restoreDatabase`, `compactDatabase`) while another process has the file open:
 * what a command that must have the file to itself answers.
 */
export function openAloneOrRefuse(path: string, operation: string): SqliteDatabase.Database {
  const db = openAlone(path);
  if (db === null) throw new ConflictError(`${operation}: ${path} is open in another process (a rapport serve, import or other command): stop it first`);
  return db;
}
