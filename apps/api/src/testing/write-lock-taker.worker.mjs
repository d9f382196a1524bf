/**
 * Another writer's connection for batch tests, run as a worker thread beside the API: it tries for the database's
 * write lock without waiting, over and over, until `countSql` counts rows; when it got the lock with some rows
 * counted but fewer than `complete` (a batch under way has committed part of itself), it keeps the lock `holdMs`,
 * so the API's next write waits past its lock wait. It posts the count it kept the lock at (null: it saw the batch
 * complete, or nothing by `deadlineMs`). Plain JavaScript, as a worker loads it without the test runner's TypeScript
 * transform.
 */
import { parentPort, workerData } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";

const { databasePath, countSql, complete, holdMs, deadlineMs } = workerData;
const database = new SqliteDatabase(databasePath, { timeout: 0 });
const count = database.prepare(countSql).pluck();
const deadline = Date.now() + deadlineMs;
let seen = null;
const pause = new Int32Array(new SharedArrayBuffer(4));
while (Date.now() < deadline) {
  try {
    database.exec("begin immediate");
  } catch {
    continue;
  }
  const rows = count.get();
  if (rows > 0 && rows < complete) {
    seen = rows;
    Atomics.wait(pause, 0, 0, holdMs);
  }
  database.exec("rollback");
  if (rows > 0) break;
  // Nothing of the batch yet: leave the lock to the server for a moment (taken again at once, it could starve the
  // batch's first write). Tries that find the lock taken go on at once, to catch the moments between two writes.
  Atomics.wait(pause, 0, 0, 1);
}
database.close();
parentPort.postMessage(seen);
