/**
 * @module
 * A passive WAL checkpoint on a connection of a worker thread. better-sqlite3 is synchronous: a checkpoint on the
 * store's connection holds the event loop while it copies the WAL into the database file, 3 to 4 s after a heavy
 * contact's erasure at benchmark scale L. A passive checkpoint takes no lock that readers or writers wait for, and a
 * write that commits meanwhile skips its own automatic checkpoint rather than waiting for this one.
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
    parentPort.postMessage({ result: database.pragma("wal_checkpoint(passive)")[0] });
  } finally {
    database.close();
  }
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
}`;

type WorkerMessage = { result: CheckpointResult } | { error: string };

/** Runs `PRAGMA wal_checkpoint(passive)` on the database file at the absolute `path` in a worker thread. */
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
