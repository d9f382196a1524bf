/**
 * @module
 * A second connection to the store's file, for a write transaction that takes seconds (erasing a contact with a
 * hundred thousand emails takes 15 to 30 s on benchmark scale L). On the store's own connection such a transaction
 * held Kysely's connection lock throughout: every other request of every tenant that touched the database waited for
 * it. On a connection of its own the process goes on answering: the others' reads go on (in WAL mode a reader sees
 * the last commit), and their writes wait for SQLite's write lock as for another process's (the busy timeout, then a
 * 503 with Retry-After). The connection lives on a worker thread (worker-thread-dialect.ts): its statements and its
 * commit run there, and the event loop holds none of them.
 * Opened at its first use, closed with the store; an in-memory database has no file to share, and its long writes
 * stay on the store's connection.
 */
import { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { SqliteSynchronous } from "./open-migrated-database.js";
import { WorkerThreadSqliteDialect } from "./worker-thread-dialect.js";

export interface LongWriteConnection {
  /** The connection's database handle, opened at the first call. */
  db(): Kysely<Database>;
  /** Closes the connection if it was opened. */
  close(): Promise<void>;
}

/**
 * A second connection to `path`, on a worker thread, set up as the store's (writes waiting for locks, foreign keys,
 * `synchronous` as the store's, secure delete), without automatic checkpoints. Its writes wait `lockWaitMs` for the
 * store's lock.
 */
export function createLongWriteConnection(path: string, lockWaitMs: number, synchronous: SqliteSynchronous): LongWriteConnection {
  let db: Kysely<Database> | null = null;
  return {
    db() {
      if (db) return db;
      const pragmas = [
        // Waiting for the store's write lock sleeps in the worker's thread, not the event loop's.
        `busy_timeout = ${lockWaitMs}`,
        `synchronous = ${synchronous.toUpperCase()}`,
        "foreign_keys = ON",
        // As the store's connection: an update zeros the old bytes in the pages it writes (see create-sqlite-store.ts).
        "secure_delete = fast",
        // Its commit copies nothing into the file: the WAL's truncation after an erasure does, on another thread.
        "wal_autocheckpoint = 0",
      ];
      db = new Kysely<Database>({ dialect: new WorkerThreadSqliteDialect({ path, pragmas }) });
      return db;
    },
    async close() {
      const opened = db;
      db = null;
      await opened?.destroy();
    },
  };
}
