/**
 * @module
 * An import's write tried again while another process keeps the database's write lock: a request answers 503 for
 * its client to retry, an import job has no client to, and gave up the whole archive at the first long lock.
 */
import { setTimeout as delay } from "node:timers/promises";
import { isDatabaseBusy } from "../platform/errors/database-busy.js";

/** Tries after the first, each after the store's own wait for the lock (5 s) and a pause: about a minute in all. */
export const BUSY_WRITE_RETRIES = 10;
const PAUSE_MS = 1_000;

/**
 * Runs `write`, and again after a pause each time it fails because another process held the database's write lock
 * past the store's wait (a transaction that met it wrote nothing), at most `retries` times more and not once `signal`
 * is aborted; any other failure, and the last busy one, is thrown. `onBusy` is told of each busy failure retried.
 */
export async function retryWhileBusy<T>(
  write: () => Promise<T>,
  options: { retries?: number; pauseMs?: number; signal?: AbortSignal; onBusy?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  const { retries = BUSY_WRITE_RETRIES, pauseMs = PAUSE_MS, signal, onBusy } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseBusy(error) || attempt > retries || signal?.aborted) throw error;
      onBusy?.(error, attempt);
      await delay(pauseMs);
    }
  }
}
