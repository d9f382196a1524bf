/**
 * @module
 * A new database file written whole from a migrated image, then given its name without replacing a file another
 * process made meanwhile: what `createSqliteStore` does where no file is, instead of running every migration on it.
 */
import { randomUUID } from "node:crypto";
import { closeSync, fsyncSync, linkSync, lstatSync, openSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { syncFolder } from "./sync-folder.js";

/** The mode SQLite gives a database file it creates (`SQLITE_DEFAULT_FILE_PERMISSIONS`), less the umask as there. */
const DATABASE_FILE_MODE = 0o644;

/** True when nothing at all is at `path` (not even a dangling link). */
function nothingAt(path: string): boolean {
  try {
    lstatSync(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** `pages` with the migrations recorded as applied now, as migrating the new file would have recorded them. */
function migratedNow(pages: Buffer): Buffer {
  const copy = new SqliteDatabase(pages);
  try {
    copy.prepare("update kysely_migration set timestamp = ?").run(new Date().toISOString());
    return copy.serialize();
  } finally {
    copy.close();
  }
}

/**
 * Where nothing is at `path`, writes the migrated database `pages()` gives to a temporary file beside it, flushes it
 * to the disk and links it to `path`, then removes the temporary name; true when the file at `path` is that copy.
 * False, with nothing left behind, when a file is at `path` already, another process created one meanwhile (the link
 * refuses to replace it) or the folder takes no temporary file or no link (read-only, under `/proc`, a file system
 * without hard links): the caller then opens `path` as SQLite does any file, with the errors it gives. An error of
 * `pages()` (a failed migration) is thrown, the temporary file removed.
 *
 * @example
 * await createDatabaseFile("./data/rapport.db", () => migratedDatabasePages(options)); // then new SqliteDatabase(path)
 */
export async function createDatabaseFile(path: string, pages: () => Promise<Buffer>): Promise<boolean> {
  if (!nothingAt(path)) return false;
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.creating`);
  let descriptor: number | undefined;
  try {
    descriptor = openSync(temporary, "wx", DATABASE_FILE_MODE);
  } catch {
    return false;
  }
  try {
    const bytes = migratedNow(await pages());
    try {
      let written = 0;
      while (written < bytes.length) written += writeSync(descriptor, bytes, written);
      // Whole on the disk before it has its name: a power cut must not leave the name on a file of zeros.
      fsyncSync(descriptor);
      closeSync(descriptor);
      descriptor = undefined;
      linkSync(temporary, path);
    } catch {
      // A full disk, a link refused (a file there now, no hard links here): SQLite opens or fails as it would have.
      return false;
    }
    syncFolder(dirname(path));
    return true;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
    rmSync(temporary, { force: true });
  }
}
