/**
 * @module
 * `store.backup`: a consistent copy of the database file, taken while this and other processes keep writing.
 */
import { randomUUID } from "node:crypto";
import { closeSync, linkSync, openSync, renameSync, rmSync, statSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { ConflictError, InvalidInputError } from "../errors.js";
import { checkFilePaths } from "./check-file-paths.js";
import type { StoreBackupOptions, StoreBackupResult } from "../store.js";
import { DATABASE_COMPANION_SUFFIXES, isDatabaseFileOf } from "./database-file-path.js";
import { refuseAnotherApplicationsFile } from "./another-applications-file.js";
import { syncFolder } from "./sync-folder.js";
import { requireNativeSqlite } from "./native-sqlite.js";

/**
 * Pages copied between two turns of the event loop: about 4 MB at SQLite's default page size, a few
 * milliseconds of work, so a server taking the backup in its own process keeps answering.
 */
export const BACKUP_PAGES_PER_STEP = 1_000;

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The destination as an absolute path, once it is known not to be the database and to be writable as asked. */
function checkedDestination(databasePath: string, destination: string, replace: boolean): string {
  if (typeof destination !== "string" || destination.trim() === "") {
    throw new InvalidInputError(`store.backup: expecting a destination file path, got ${JSON.stringify(destination)}`);
  }
  const target = resolve(destination);
  const database = resolve(databasePath);
  if (isDatabaseFileOf(target, database)) {
    throw new InvalidInputError(`store.backup: ${target} is the database itself (or one of its files); name another file`);
  }
  const folder = statOrNull(dirname(target));
  if (folder === null || !folder.isDirectory()) {
    throw new InvalidInputError(`store.backup: the folder ${dirname(target)} does not exist; create it first`);
  }
  const existing = statOrNull(target);
  if (existing === null) return target;
  const databaseFile = statSync(database);
  if (existing.dev === databaseFile.dev && existing.ino === databaseFile.ino) {
    throw new InvalidInputError(`store.backup: ${target} is the database itself (a link to it); name another file`);
  }
  if (existing.isDirectory()) throw new InvalidInputError(`store.backup: ${target} is a folder; name a file`);
  if (!replace) throw new ConflictError(`store.backup: ${target} exists; pass replace: true to overwrite it`);
  return target;
}

/**
 * Creates the empty file the copy is written to, readable and writable by its owner only, whatever the umask: the
 * copy holds everything the database does (personal data, key hashes, the OAuth signing keys). A folder it cannot
 * write in is an InvalidInputError.
 */
function createTemporaryFile(target: string): string {
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.partial`);
  try {
    closeSync(openSync(temporary, "wx", 0o600));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new InvalidInputError(`store.backup: cannot write in the folder ${dirname(target)} (${code})`);
    }
    throw error;
  }
  return temporary;
}


/** Error codes of a file system that has no hard links (FAT and exFAT drives, some network shares). */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** Gives the finished copy its name, keeping a file that took that name while the copy ran (an `EEXIST`). */
function placeWithoutReplacing(temporary: string, target: string): void {
  try {
    // A link fails when the name exists, which a rename would silently replace.
    linkSync(temporary, target);
    rmSync(temporary);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    // Without links, a look then a rename: only a file created in between, by someone else, would be replaced.
    if (statOrNull(target) !== null) throw Object.assign(new Error(`${target} exists`), { code: "EEXIST" });
    renameSync(temporary, target);
  }
}

/**
 * Copies the database at `databasePath` to `destination` as one self-contained file: what `store.backup` does,
 * without opening a store, so the file is copied as it is (not migrated first), whatever version wrote it.
 *
 * SQLite's online backup API rather than `VACUUM INTO`: it copies the pages as they are, in steps, which give
 * progress and let the event loop run between them (`VACUUM INTO` is one blocking statement that says nothing
 * until it is done; about as fast: 0.46 s against 0.56 s for a 107 MB file with three indexes). Alone, a backup
 * starts over whenever another connection writes between two of its steps, and a busy server would keep it from
 * ever finishing. So it reads from a connection of its own that holds one read transaction throughout: in WAL
 * mode a snapshot of the last commit before it, which writers do not wait for and which does not change under
 * the copy, so the copy never starts over and is that commit exactly. Another application's SQLite database is
 * refused (an `IncompatibleDatabaseError`, as every store refuses it): no restore would take the copy.
 */
export async function backupDatabase(databasePath: string, destination: string, options: StoreBackupOptions = {}): Promise<StoreBackupResult> {
  checkFilePaths("store.backup", { databasePath, destination });
  requireNativeSqlite("store.backup");
  const { replace = false, onProgress, signal } = options;
  signal?.throwIfAborted();
  if (databasePath === ":memory:") throw new InvalidInputError('store.backup: a ":memory:" database has no file to copy');
  const target = checkedDestination(databasePath, destination, replace);
  const temporary = createTemporaryFile(target);
  let source: SqliteDatabase.Database | undefined;
  try {
    source = new SqliteDatabase(databasePath, { readonly: true, fileMustExist: true });
    source.pragma("busy_timeout = 5000");
    // Not a Rapport database: no restore would take the copy.
    refuseAnotherApplicationsFile(source);
    source.exec("begin");
    // The snapshot starts at the transaction's first read, not at `begin`.
    source.prepare("select count(*) from sqlite_schema").pluck().get();
    const pageSize = source.pragma("page_size", { simple: true }) as number;
    await source.backup(temporary, {
      progress: ({ totalPages, remainingPages }) => {
        // Thrown here, the error ends the copy and reaches the catch below, which removes the partial file.
        signal?.throwIfAborted();
        // better-sqlite3 calls this once before any page is copied: a copy done in one step reports nothing.
        if (remainingPages < totalPages) onProgress?.({ bytesCopied: (totalPages - remainingPages) * pageSize, bytesTotal: totalPages * pageSize });
        return BACKUP_PAGES_PER_STEP;
      },
    });
    // Aborted during the last step, which calls no progress: the copy is not put in place either.
    signal?.throwIfAborted();
    source.exec("commit");
    source.close();
    if (replace) renameSync(temporary, target);
    else placeWithoutReplacing(temporary, target);
    syncFolder(dirname(target));
    return { path: target, bytes: statSync(target).size };
  } catch (error) {
    if (source?.open) source.close();
    for (const suffix of ["", ...DATABASE_COMPANION_SUFFIXES]) rmSync(`${temporary}${suffix}`, { force: true });
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new ConflictError(`store.backup: ${target} was created while the copy ran; pass replace: true to overwrite it`);
    }
    throw error;
  }
}
