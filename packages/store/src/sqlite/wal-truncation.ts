/**
 * @module
 * Truncating the WAL after a person erasure. Its older frames are page images from before the erasure's commit,
 * the erased rows in them, and SQLite only overwrites them when it starts the WAL again from its first frame; the
 * file keeps its length meanwhile. A checkpoint `truncate` copies the newest pages into the database file and
 * empties the WAL.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** The store's truncation of its WAL after erasures. */
export interface WalTruncation {
  /**
   * Checkpoints the WAL into the database file and truncates it, now. When a reader of another connection still
   * uses older frames (or another process writes), it does what it can without waiting and tries again later in
   * the background, until one succeeds. Never rejects: an erasure is committed whether or not this finishes.
   */
  request(): Promise<void>;
  /** True while a truncation has failed and its retry waits. */
  readonly pending: boolean;
  /** Stops the retries after one last try. */
  close(): Promise<void>;
}

export interface WalTruncationOptions {
  /**
   * One truncation: true when the WAL is empty after it. By default a checkpoint `truncate` on the store's connection
   * (`db`), which holds the event loop for as long as it copies; a file's store gives its checkpoint worker's instead (checkpoint-worker.ts).
   */
  truncate?: () => Promise<boolean>;
  /** Waits before each retry, in milliseconds; the last one repeats until a retry succeeds. */
  retryDelaysMs?: readonly number[];
  /** Injected so tests run the retries when they choose; the default's timers keep no process running. */
  setTimer?: (run: () => void, delayMs: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * @example
 * const walTruncation = createWalTruncation(db);
 * await walTruncation.request(); // after an erasure's commit
 */
export function createWalTruncation(db: Kysely<Database>, options: WalTruncationOptions = {}): WalTruncation {
  const {
    truncate = () => truncateWal(db),
    retryDelaysMs = [1_000, 10_000, 60_000, 600_000],
    // A retry is no reason to keep the process running.
    setTimer = (run, delayMs) => setTimeout(run, delayMs).unref(),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  let retries = 0;
  let timer: unknown = null;
  let closed = false;

  const schedule = () => {
    if (closed || timer !== null) return;
    const delayMs = retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)] ?? 1_000;
    retries += 1;
    timer = setTimer(() => {
      timer = null;
      if (!closed) void attempt();
    }, delayMs);
  };

  // One attempt at a time, each after the ones before: an attempt asked for after a later commit truncates after it.
  let attempts: Promise<void> = Promise.resolve();
  const attempt = (): Promise<void> => (attempts = attempts.then(attemptOnce));
  const attemptOnce = async (): Promise<void> => {
    if (closed) return;
    let truncated = false;
    try {
      truncated = await truncate();
    } catch {
      // A closed or failing connection: the next try tells.
    }
    if (truncated) {
      retries = 0;
      if (timer !== null) clearTimer(timer);
      timer = null;
    } else {
      schedule();
    }
  };

  return {
    request: attempt,
    get pending() {
      return timer !== null;
    },
    async close() {
      // The attempts asked for before run to their end.
      await attempts;
      closed = true;
      if (timer === null) return;
      clearTimer(timer);
      timer = null;
      try {
        await truncate();
      } catch {
        // Closing goes on: the last connection to close checkpoints and deletes the WAL anyway.
      }
    },
  };
}

/**
 * One checkpoint `truncate` on the store's connection, which it holds meanwhile (Kysely's connection mutex: no
 * request's transaction is open on it). The busy timeout is 0 for it: a reader of another process would
 * otherwise block the event loop up to the store's 5 s, since better-sqlite3 waits synchronously. True when
 * the WAL is empty.
 */
async function truncateWal(db: Kysely<Database>): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      const result = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(connection);
      return result.rows[0]?.busy === 0;
    } finally {
      await sql.raw(`pragma busy_timeout = ${Number(timeout.rows[0]?.timeout ?? 0)}`).execute(connection);
    }
  });
}
