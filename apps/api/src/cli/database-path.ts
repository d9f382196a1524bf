/** The database file: --db, else RAPPORT_DB, else ./data/rapport.db; and what to say when it cannot be opened. */
import { accessSync, chmodSync, closeSync, constants, openSync, readSync, statfsSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { createParentFolders, IncompatibleDatabaseError } from "@rapport/store/vocabulary";
import { CliError } from "./cli-output.js";

export const DEFAULT_DATABASE_PATH = "./data/rapport.db";

const CHOSEN = `(chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH})`;

/**
 * The database path the global options choose, absolute. A CliError when it is empty, names a file of the kernel's
 * that reports a size of 0 (refuseFalselyEmptyFile), or a device, a pipe or a socket: SQLite failed on one with "disk I/O error" (an unexpected failure), `backup` copied `/dev/null` as an empty
 * database, and `restore` would have renamed the backup over the device itself.
 */
export function resolveDatabasePath(option: string | undefined): string {
  const chosen = option ?? process.env.RAPPORT_DB ?? DEFAULT_DATABASE_PATH;
  if (chosen.trim() === "") throw new CliError("--db (or RAPPORT_DB) is empty: name the database file, e.g. ./data/rapport.db");
  if (chosen === ":memory:") return chosen;
  const path = resolve(chosen);
  const stats = statOrUndefined(path);
  if (stats !== undefined && !stats.isFile() && !stats.isDirectory()) {
    throw new CliError(`${path} is not a regular file (a device, a pipe or a socket) ${CHOSEN}: name a SQLite database file`);
  }
  if (stats !== undefined) refuseFalselyEmptyFile(path, stats);
  return path;
}

/** SQLite's primary result codes for a file that cannot be a database here, and what to tell the user. */
const OPEN_FAILURES: Record<string, string> = {
  SQLITE_CANTOPEN: "cannot open the database file",
  SQLITE_NOTADB: "is not a SQLite database",
  // SQLITE_READONLY_DIRECTORY too: the file may be writable, but SQLite keeps its -wal and -shm files beside it.
  SQLITE_READONLY: "is read-only, or its folder is (SQLite keeps the -wal and -shm files beside it)",
  SQLITE_CORRUPT: "is corrupt",
};

/** What to do about a database this user may not write: a restored copy with another owner, as often as not. */
const READ_ONLY_ADVICE = "let the user running rapport write it and its folder (chown, chmod), or name a SQLite file in a folder you can write";

/** Node's codes for a folder of the database's path that cannot be created. */
const FOLDER_FAILURES = new Set(["EACCES", "EPERM", "EEXIST", "ENOENT", "ENOTDIR", "EROFS"]);

/** The SQLite (or system) code of `error` or of an error it was caused by (a failed migration's). */
function codeOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** `code`'s entry in OPEN_FAILURES, an extended code (`SQLITE_READONLY_DIRECTORY`) counting as its primary one. */
function openFailure(code: string): string | undefined {
  return Object.entries(OPEN_FAILURES).find(([primary]) => code === primary || code.startsWith(`${primary}_`))?.[1];
}

/** Below this much free space, a disk I/O error opening the database is taken for a full disk (SQLite could not grow the -shm). */
const FULL_DISK_BYTES = 1024 * 1024;

/** What openingDatabase looks at to explain a disk I/O error; injected by tests. */
export interface OpeningChecks {
  /** Bytes free for this user on the file system holding `folder`, or undefined when it cannot be told. */
  freeBytes?: (folder: string) => number | undefined;
  /** Whether this user may write `path` (a file or a folder). */
  writable?: (path: string) => boolean;
}

function freeBytesOf(folder: string): number | undefined {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}

function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/**
 * What a disk I/O error (`SQLITE_IOERR_…`) met opening the database at `path` most likely is: SQLite says no more.
 * A full disk (the -shm could not grow: `SQLITE_IOERR_SHMSIZE`), a file this user may only read (its lock could not
 * be taken: `SQLITE_IOERR_LOCK`, `rapport status`'s probe), else the disk itself.
 */
function diskIoFailure(path: string, code: string, { freeBytes = freeBytesOf, writable = isWritable }: OpeningChecks): string {
  const free = freeBytes(dirname(path));
  if (free !== undefined && free < FULL_DISK_BYTES) return `the disk holding ${path} is full ${CHOSEN}: free space on it, then run the command again`;
  if (!writable(path) || !writable(dirname(path))) return `${path} ${OPEN_FAILURES.SQLITE_READONLY} ${CHOSEN}: ${READ_ONLY_ADVICE}`;
  return `a disk I/O error (${code}) on ${path} ${CHOSEN}: check the disk and its file system (the kernel's log), then run the command again`;
}

/** The command that puts a backup in the place of the database at `path`, as the refusals of a corrupt or a newer Rapport's database name it. */
const restoreCommand = (path: string) => `rapport restore --db ${path} --from FILE`;

/**
 * Runs `open` (which opens the database at `path`); a file that cannot be one becomes a one-line CliError naming
 * the path and how it was chosen, instead of SQLite's own message ("unable to open database file"): a file or folder
 * that cannot be opened, written or created, one that is not SQLite or is corrupt, a newer Rapport's or another
 * application's database, one another process keeps locked, a full disk or a disk I/O error.
 */
export async function openingDatabase<T>(path: string, open: () => Promise<T>, checks: OpeningChecks = {}): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const chosen = `(chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH})`;
    if (error instanceof IncompatibleDatabaseError) throw new CliError(`${path} ${error.message}${error.newerRapport ? `: ${restoreCommand(path)}` : ""}`);
    const code = codeOf(error);
    if (code === undefined) throw error;
    if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_")) {
      throw new CliError(`${path} is locked by another process (a rapport upgrading it, or writing for longer than 5 s); try again`);
    }
    const syscall = (error as NodeJS.ErrnoException).syscall;
    if (syscall === "mkdir" && FOLDER_FAILURES.has(code)) {
      const folder = (error as NodeJS.ErrnoException).path ?? dirname(path);
      throw new CliError(`cannot create the folder ${folder} for the database ${chosen}: ${code}; name a SQLite file in a folder you can write`);
    }
    if (syscall === "open" && FOLDER_FAILURES.has(code)) {
      throw new CliError(`cannot create the database file ${path} ${chosen}: ${code}; name a SQLite file in a folder you can write`);
    }
    if (code.startsWith("SQLITE_IOERR")) throw new CliError(diskIoFailure(path, code, checks));
    const failure = openFailure(code);
    if (failure === undefined) throw error;
    const what = code.startsWith("SQLITE_CANTOPEN") ? `${failure} ${path}` : `${path} ${failure}`;
    const advice = code.startsWith("SQLITE_CORRUPT")
      ? `stop every process that has it open, then put a backup in its place: ${restoreCommand(path)}`
      : code.startsWith("SQLITE_READONLY")
        ? READ_ONLY_ADVICE
        : "name a SQLite file in a folder you can write";
    throw new CliError(`${what} ${chosen}: ${advice}`);
  }
}

/**
 * Whether a database is at `path`: a file with something in it. A zero-byte file is no database: SQLite would make
 * it a new, empty one on opening, as it would a missing file (and `touch`, or a copy that failed at once, leave one).
 */
function holdsDatabase(path: string): boolean {
  const stats = statOrUndefined(path);
  return stats !== undefined && !(stats.isFile() && stats.size === 0);
}

/**
 * A CliError for a regular file that reports a size of 0 but is not empty: the kernel's files (`/proc/self/environ`)
 * hold text, or fail to read (`/proc/self/mem`). SQLite takes such a file for an empty database by its size: `backup`
 * copied it as one, and a creating command took it for the zero-byte file it makes the database (an unexpected EPERM
 * from chmod). Only a file that reads no byte is empty.
 */
function refuseFalselyEmptyFile(path: string, stats: Stats): void {
  if (!stats.isFile() || stats.size !== 0) return;
  let descriptor: number | undefined;
  let bytesRead: number;
  try {
    descriptor = openSync(path, "r");
    bytesRead = readSync(descriptor, Buffer.alloc(1), 0, 1, 0);
  } catch (error) {
    // Not readable by this user: SQLite's opening says so, as for any database file.
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EACCES" || code === "EPERM") return;
    throw new CliError(`cannot read ${path} ${CHOSEN}: reading it fails (${code}); name a SQLite database file`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
  if (bytesRead > 0) throw new CliError(`${path} reports a size of 0 yet holds data (a file of the kernel's, as under /proc) ${CHOSEN}: name a SQLite database file`);
}

/** What is at `path`, or undefined where `existsSync` would say false (no entry, a file where a folder should be). */
function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The commands that may create a database where there is none; every other one refuses a missing file. */
export const CREATING_COMMANDS = "rapport serve, rapport tenants create, rapport tenants import and rapport seed demo";

/**
 * The database path the global options choose, for a command that needs the database to exist already (every
 * command but those of CREATING_COMMANDS): opening a missing file would create an empty database and act on it,
 * so a mistyped --db would list no tenants, or write a key nobody's server reads. A CliError naming the path and
 * how it was chosen when there is no file.
 */
export function existingDatabasePath(option: string | undefined, { allowMemory = false } = {}): string {
  const path = resolveDatabasePath(option);
  if (path === ":memory:" ? !allowMemory : !holdsDatabase(path)) {
    const empty = path !== ":memory:" && statOrUndefined(path) !== undefined ? " (an empty file)" : "";
    throw new CliError(
      `no database at ${path}${empty} (chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH}); check the path: only ${CREATING_COMMANDS} create one`,
    );
  }
  return path;
}

/**
 * For a command that may create the database (CREATING_COMMANDS), run inside `openingDatabase`: when there is no
 * file at `path`, creates its folder and an empty file readable and writable by its owner only (SQLite gives its
 * -wal and -shm files the database file's mode, and the database holds personal data, key hashes and the OAuth
 * signing keys), which SQLite then makes a database. A zero-byte file counts as none: it is made owner-only and
 * becomes the new database. Whether it created the database, so the command can say so.
 */
export function createDatabaseFileIfMissing(path: string): boolean {
  if (path === ":memory:" || holdsDatabase(path)) return false;
  if (statOrUndefined(path) !== undefined) {
    chmodSync(path, 0o600);
    return true;
  }
  try {
    createParentFolders("rapport", path);
  } catch (error) {
    // The system's own error (its syscall, code and folder), which openingDatabase turns into the command's one line.
    throw (error as Error).cause ?? error;
  }
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch (error) {
    // Created meanwhile by another process: opened as it is.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  return true;
}

/** The line a creating command prints on stderr when it created the database: a mistyped path shows at once. */
export function createdDatabaseNotice(path: string): string {
  return `rapport: no database was at ${path}: created a new, empty one (chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH})\n`;
}
