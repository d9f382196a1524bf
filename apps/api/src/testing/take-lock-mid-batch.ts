/** @module Test helper: another process's writer that takes the database's write lock in the middle of a batch. */
import { Worker } from "node:worker_threads";

/** Longer than a `rapport serve` process's wait for another writer's lock (the store's 5 s). */
export const BEYOND_LOCK_WAIT_MS = 5_500;

/**
 * Starts a connection of its own to `databasePath` (a worker thread: to a server in another process, another
 * process) that tries for the write lock without waiting, over and over, and keeps it `holdMs` when it gets it
 * while `countSql` counts part of a batch (some rows, fewer than `complete`). It ends once it counts any row;
 * resolves to the count it kept the lock at, or null (it saw the batch whole, or nothing in 20 s).
 */
export function takeLockMidBatch(databasePath: string, countSql: string, complete: number, holdMs = BEYOND_LOCK_WAIT_MS): Promise<number | null> {
  const worker = new Worker(new URL("./write-lock-taker.worker.mjs", import.meta.url), {
    workerData: { databasePath, countSql, complete, holdMs, deadlineMs: 20_000 },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}
