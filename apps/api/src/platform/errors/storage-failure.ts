/**
 * @module
 * What a failure of the database's storage means for a client and an operator: SQLite's codes for a write lock held
 * by another process, a full disk, a read-only file, a damaged file and a disk I/O error. None is the client's fault
 * or a bug: each is a 503 saying what happened (with `Retry-After` where the same request succeeds later), and a log
 * line telling the operator what to do.
 */
import { isDatabaseBusy } from "./database-busy.js";
import { isDiskFull } from "./disk-full.js";

/** The kinds of storage failure, as `GET /ready` names them in its `status`. */
export type StorageFailureKind = "database_locked" | "disk_full" | "database_read_only" | "database_damaged" | "disk_io_error";

/** How one kind of storage failure is answered and logged. */
export interface StorageFailure {
  kind: StorageFailureKind;
  /** What happened, in the client's words: the start of `message`, and of an upload's import job's `error` it ended. */
  what: string;
  /** The client's `{"error"}`. */
  message: string;
  /** Seconds for `Retry-After`; absent where waiting alone changes nothing (a damaged file). */
  retryAfterSeconds?: number;
  /** The log line's level: a lock passes by itself, the others need an operator. */
  logLevel: "warn" | "error";
  /** The log line, and `GET /ready`'s `error`: what is wrong and what to do. */
  operatorMessage: string;
}

/** What happened, said once for every message telling a client of it. */
const WHAT: Record<StorageFailureKind, string> = {
  database_locked: "the database is busy with another process's write (a rapport command beside the server)",
  disk_full: "the server's disk is full",
  database_read_only: "the server's database is read-only",
  database_damaged: "the server's database file is damaged",
  disk_io_error: "the server could not read or write its database (a disk error)",
};

const FAILURES: Record<StorageFailureKind, Omit<StorageFailure, "kind" | "what">> = {
  database_locked: {
    message: `${WHAT.database_locked}; retry shortly`,
    retryAfterSeconds: 1,
    logLevel: "warn",
    operatorMessage:
      "database locked by another process: it has held the write lock for longer than 5 s (a rapport command, or a sqlite3 shell left in a transaction); writes answer 503 until it ends",
  },
  disk_full: {
    message: `${WHAT.disk_full}, so this request could not be stored; retry later`,
    retryAfterSeconds: 60,
    logLevel: "error",
    operatorMessage: "database disk full: writes fail until space is freed on the database's file system",
  },
  database_read_only: {
    message: `${WHAT.database_read_only}, so this request could not be stored; retry later`,
    retryAfterSeconds: 60,
    logLevel: "error",
    operatorMessage:
      "database read-only: writes fail until the server's user may write the database file, its -wal and -shm and their folder again (a file system remounted read-only, or changed permissions)",
  },
  database_damaged: {
    message: `${WHAT.database_damaged}, so this request could not be answered; its operator has to restore it`,
    logLevel: "error",
    operatorMessage: "database file damaged: stop the server and restore the database from a backup (rapport restore --from FILE)",
  },
  disk_io_error: {
    message: `${WHAT.disk_io_error}, so this request could not be answered; retry later`,
    retryAfterSeconds: 60,
    logLevel: "error",
    operatorMessage: "disk I/O error on the database: check the disk and its file system (the kernel's log, free space)",
  },
};

/** SQLite's code of `error`, or "". */
const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
};

/** Whether `code` is SQLite's `primary` code or one of its extended codes (`SQLITE_READONLY_DIRECTORY`). */
const isCode = (code: string, primary: string) => code === primary || code.startsWith(`${primary}_`);

/**
 * The storage failure `error` is, or null for any other error.
 *
 * @example storageFailureOf(Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" }))?.kind; // "database_read_only"
 */
export function storageFailureOf(error: unknown): StorageFailure | null {
  const code = codeOf(error);
  const kind: StorageFailureKind | null = isDatabaseBusy(error)
    ? "database_locked"
    : isDiskFull(error)
      ? "disk_full"
      : isCode(code, "SQLITE_READONLY")
        ? "database_read_only"
        : isCode(code, "SQLITE_CORRUPT") || code === "SQLITE_NOTADB"
          ? "database_damaged"
          : isCode(code, "SQLITE_IOERR")
            ? "disk_io_error"
            : null;
  return kind === null ? null : { kind, what: WHAT[kind], ...FAILURES[kind] };
}
