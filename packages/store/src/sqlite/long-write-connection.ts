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
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { withStatementCache } from "./statement-cache.js";

export interface LongWriteConnection {
  /** The connection's database handle, opened at the first call. */
  db(): Kysely<Database>;
  /** Closes the connection if it was opened. */
  close(): Promise<void>;
}

/** A second connection to `path`, set up as the store's (busy timeout, foreign keys, synchronous NORMAL, secure delete). */
export function createLongWriteConnection(path: string): LongWriteConnection {
  let db: Kysely<Database> | null = null;
  return {
    db() {
      if (db) return db;
      const sqlite = new SqliteDatabase(path);
      sqlite.pragma("busy_timeout = 5000");
      sqlite.pragma("synchronous = NORMAL");
      sqlite.pragma("foreign_keys = ON");
      // As the store's connection: an update zeros the old bytes in the pages it writes (see create-sqlite-store.ts).
      sqlite.pragma("secure_delete = fast");
      db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: withStatementCache(sqlite) }, { yieldAfterEachStatement: true }) });
      return db;
    },
    async close() {
      const opened = db;
      db = null;
      await opened?.destroy();
    },
  };
}
