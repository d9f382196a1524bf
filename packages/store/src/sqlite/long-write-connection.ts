/**
 * @module
 * A second connection to the store's file, for a write transaction that takes seconds (erasing a contact with a
 * hundred thousand emails takes 15 to 30 s on benchmark scale L). On the store's own connection such a transaction
 * held Kysely's connection lock throughout: every other request of every tenant that touched the database waited for
 * it. On a connection of its own, whose every statement is followed by a turn of the event loop, the process goes on
 * answering: the others' reads go on (in WAL mode a reader sees the last commit), and their writes wait for SQLite's
 * write lock as for another process's (the busy timeout, then a 503 with Retry-After).
 * Opened at its first use, closed with the store; an in-memory database has no file to share, and its long writes
 * stay on the store's connection.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { ImmediateTransactionsSqliteDialect, LOCK_WAIT_MS } from "./immediate-transactions.js";
import { withStatementCache } from "./statement-cache.js";

export interface LongWriteConnection {
  /** The connection's database handle, opened at the first call. */
  db(): Kysely<Database>;
  /** Closes the connection if it was opened. */
  close(): Promise<void>;
}

/**
 * A second connection to `path`, set up as the store's (writes waiting for locks, foreign keys, synchronous NORMAL, secure delete),
 * without automatic checkpoints.
 */
export function createLongWriteConnection(path: string): LongWriteConnection {
  let db: Kysely<Database> | null = null;
  return {
    db() {
      if (db) return db;
      const sqlite = new SqliteDatabase(path);
      // Its writes wait for the store's between turns of the event loop (`waitForLocksMs`), not in SQLite's sleep.
      sqlite.pragma("busy_timeout = 0");
      sqlite.pragma("synchronous = NORMAL");
      sqlite.pragma("foreign_keys = ON");
      // As the store's connection: an update zeros the old bytes in the pages it writes (see create-sqlite-store.ts).
      sqlite.pragma("secure_delete = fast");
      // Its commit does not copy the WAL into the file on the event loop (3 to 4 s after a heavy erasure at scale L):
      // the WAL's truncation that follows an erasure checkpoints it off the event loop first.
      sqlite.pragma("wal_autocheckpoint = 0");
      db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: withStatementCache(sqlite) }, { yieldAfterEachStatement: true, waitForLocksMs: LOCK_WAIT_MS }) });
      return db;
    },
    async close() {
      const opened = db;
      db = null;
      await opened?.destroy();
    },
  };
}
