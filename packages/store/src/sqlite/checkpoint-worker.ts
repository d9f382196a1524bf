/**
 * @module
 * WAL checkpoints on a connection of a worker thread. better-sqlite3 is synchronous: on the store's connection a
 * checkpoint held the event loop while it copied the WAL into the database file (85 to 169 ms at the median, up to
 * 293 ms, for a one-email write that crossed the automatic checkpoint's 40 MB on a benchmark scale M tenant; 3 to 4 s
 * after a heavy contact's erasure at scale L). With no busy timeout (unless `waitMs` asks for one) the worker's
 * connection waits for no reader or writer: when one is in its way it copies what it can and answers busy. The worker
 * starts at the first checkpoint asked for and stays, one connection kept open, until `close`; an idle one keeps no
 * process running.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What `PRAGMA wal_checkpoint` answers: whether it was kept from finishing, the WAL's frames, the frames copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * SQLite's checkpoint modes used here: `passive` copies what no reader needs and takes no lock from writers;
 * `restart` also lets the next writer start the WAL from its first frame; `truncate` also empties the file.
 */
export type CheckpointMode = "passive" | "restart" | "truncate";

export interface CheckpointWorker {
  /**
   * Runs `PRAGMA wal_checkpoint(mode)` on the worker's connection; rejects when the file cannot be opened. `waitMs`
   * (default 0) is how long a `restart` or `truncate` waits, in the worker's thread, for the write lock and for
   * readers of older frames; meanwhile the store's writes wait for it as for any other writer.
   */
  checkpoint(mode: CheckpointMode, options?: { waitMs?: number }): Promise<CheckpointResult>;
  /** Closes the worker's connection and ends its thread once the checkpoints asked for have answered. */
  close(): Promise<void>;
}

const DRIVER_PATH = createRequire(import.meta.url).resolve("better-sqlite3");

// Evaluated as CommonJS in the worker: the driver is required by the path the store itself resolved. A failure is
// posted as its message (the driver's error class does not cross threads with it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let database = null;
parentPort.on("message", (request) => {
  if (request.close) {
    if (database !== null) database.close();
    parentPort.close();
    return;
  }
  try {
    if (database === null) {
      const Database = require(workerData.driverPath);
      database = new Database(workerData.path, { fileMustExist: true });
      database.pragma("busy_timeout = 0");
    }
    database.pragma("busy_timeout = " + request.waitMs);
    try {
      parentPort.postMessage({ id: request.id, result: database.pragma("wal_checkpoint(" + request.mode + ")")[0] });
    } finally {
      database.pragma("busy_timeout = 0");
    }
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error && error.message ? error.message : error) });
  }
});`;

type WorkerAnswer = { id: number; result: CheckpointResult } | { id: number; error: string };

interface Waiting {
  resolve(result: CheckpointResult): void;
  reject(error: Error): void;
}

/**
 * A worker thread checkpointing the database file at the absolute `path`.
 *
 * @example
 * const worker = createCheckpointWorker("/srv/rapport/rapport.db");
 * const { busy, log, checkpointed } = await worker.checkpoint("passive");
 * await worker.close();
 */
export function createCheckpointWorker(path: string): CheckpointWorker {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  };
  // An idle worker keeps no process running; one that owes an answer does, so that an awaited checkpoint or close
  // (a command's last `store.close()`) is not cut short by the process ending.
  const holdWhileOwing = (thread: Worker) => (waiting.size > 0 ? thread.ref() : thread.unref());

  const started = (): Worker => {
    if (worker !== null) return worker;
    const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driverPath: DRIVER_PATH } });
    thread.unref();
    thread.on("message", (answer: WorkerAnswer) => {
      const asked = waiting.get(answer.id);
      waiting.delete(answer.id);
      holdWhileOwing(thread);
      if ("result" in answer) asked?.resolve(answer.result);
      else asked?.reject(new Error(`checkpoint of ${path} failed: ${answer.error}`));
    });
    thread.on("error", (error) => failAll(error));
    thread.on("exit", (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`checkpoint of ${path} failed: its worker exited with code ${code}`));
    });
    worker = thread;
    return thread;
  };

  return {
    checkpoint(mode, { waitMs = 0 } = {}) {
      if (!Number.isSafeInteger(waitMs) || waitMs < 0) {
        return Promise.reject(new RangeError(`checkpoint: expecting "waitMs" to be a whole number of milliseconds, got ${String(waitMs)}`));
      }
      return new Promise<CheckpointResult>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        const thread = started();
        holdWhileOwing(thread);
        thread.postMessage({ id, mode, waitMs });
      });
    },
    async close() {
      const thread = worker;
      if (thread === null) return;
      worker = null;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.ref();
      // Posted after the checkpoints asked for: the worker answers them first.
      thread.postMessage({ close: true });
      await exited;
    },
  };
}
