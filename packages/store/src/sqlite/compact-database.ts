/**
 * @module
 * `compactDatabase`: SQLite's `VACUUM` on a database file no process has open. Every page of the file is written
 * again from the live rows alone, so no byte of a deleted or erased row is left in the unused space of a page (where
 * SQLite leaves the old bytes of rows it moved to another page), and the free pages go back to the filesystem.
 */
import { resolve } from "node:path";
import { statSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { checkFilePaths } from "./check-file-paths.js";
import { refuseAnotherApplicationsFile } from "./another-applications-file.js";
import { openAloneOrRefuse } from "./open-alone.js";
import { requireNativeSqlite } from "./native-sqlite.js";

/** What `compactDatabase` did. */
export interface CompactDatabaseResult {
  /** The database file (absolute). */
  path: string;
  /** Its size before, once its WAL was checkpointed into it. */
  bytesBefore: number;
  /** Its size after. */
  bytesAfter: number;
}

/**
 * Rewrites the database file at `databasePath` with `VACUUM`, which must not be open in any process (a server's
 * writes would wait for the whole rewrite, and the file is copied meanwhile). Its WAL is checkpointed into it first
 * and removed after. Refused: `:memory:`, a missing file (`InvalidInputError`); another application's SQLite
 * database (`IncompatibleDatabaseError`, as every store refuses it); a file another process has open
 * (`ConflictError`). It takes about as long as copying the file, and needs as much free space again beside the
 * temporary files (SQLite's temporary folder) while it runs.
 */
export function compactDatabase(databasePath: string): CompactDatabaseResult {
  checkFilePaths("compactDatabase", { databasePath });
  requireNativeSqlite("compactDatabase");
  if (databasePath === ":memory:") throw new InvalidInputError('compactDatabase: a ":memory:" database has no file to compact');
  const path = resolve(databasePath);
  if (!statSync(path, { throwIfNoEntry: false })?.isFile()) throw new InvalidInputError(`compactDatabase: no database file at ${path}`);
  const db = openAloneOrRefuse(path, "compactDatabase");
  try {
    // VACUUM may renumber the rows of a table without an INTEGER PRIMARY KEY, which another application may rely on.
    refuseAnotherApplicationsFile(db);
    db.pragma("wal_checkpoint(truncate)");
    const bytesBefore = statSync(path).size;
    // The pages VACUUM frees past the new end are cut off; those it frees within are overwritten.
    db.pragma("secure_delete = on");
    db.exec("vacuum");
    db.pragma("wal_checkpoint(truncate)");
    db.close();
    return { path, bytesBefore, bytesAfter: statSync(path).size };
  } finally {
    if (db.open) db.close();
  }
}
