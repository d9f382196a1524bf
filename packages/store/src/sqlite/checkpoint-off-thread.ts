/**
 * @module
 * A WAL checkpoint `truncate` on a connection of a worker thread. better-sqlite3 is synchronous: on the store's
 * connection it held the event loop while it copied the WAL into the database file and gave the WAL's pages back to
 * the filesystem, 3 to 4 s after a heavy contact's erasure at benchmark scale L. With no busy timeout it waits for no
 * reader or writer: when one is in its way it copies what it can, as a passive checkpoint, and answers busy. A write
 * that commits meanwhile skips its own automatic checkpoint rather than waiting for this one.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What `PRAGMA wal_checkpoint` answers: whether it was kept from finishing, the WAL's frames, the frames copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const DRIVER_PATH = createRequire(import.meta.url).resolve("better-sqlite3");

// Evaluated as CommonJS in the worker: the driver is required by the path the store itself resolved. A failure is
// posted as its message (the driver's error class does not cross threads with it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
try {
  const Database = require(workerData.driverPath);
  const database = new Database(workerData.path, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 0");
  parentPort.postMessage({ result: database.pragma("wal_checkpoint(truncate)")[0] });
  } finally {
    database.close();
  }
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
}`;

type WorkerMessage = { result: CheckpointResult } | { error: string };

/** Runs `PRAGMA wal_checkpoint(truncate)` (busy timeout 0) on the database file at the absolute `path` in a worker thread. */
export function checkpointOffThread(path: string): Promise<CheckpointResult> {
  return new Promise((resolvePromise, reject) => {
    let message: WorkerMessage | undefined;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driverPath: DRIVER_PATH } });
    worker.once("message", (posted: WorkerMessage) => (message = posted));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (message && "result" in message) resolvePromise(message.result);
      else reject(new Error(`checkpoint of ${path} failed: ${message?.error ?? `its worker exited with code ${code}`}`));
    });
  });
}
