/**
 * @module Test helper: one round of a batch sent to a server while another process takes the write lock in its
 * middle (`takeLockMidBatch`), holding the server to whole-or-nothing: a 503 with nothing stored, then the batch sent
 * again stored whole once; or the whole batch at the first sending.
 */
import { expect } from "vitest";
import { takeLockMidBatch } from "./take-lock-mid-batch.js";

/** What one round sends and counts. */
export interface BatchUnderLock {
  /** The server's database file, which the other process's connection opens. */
  databasePath: string;
  /** Counts the rows of this round's batch stored so far (SQL for the other process's connection). */
  countSql: string;
  /** How many items the batch holds, each creating one record. */
  items: number;
  /** Sends the batch; its 200 answer's `created` counts what it created. */
  send(): Promise<Response>;
  /** How many of this round's records the API lists as stored. */
  stored(): Promise<number>;
  /** Named in a failure: the round and what is stored. */
  label: string;
}

/** Runs one round and asserts whole-or-nothing, then that each record is stored once. */
export async function expectBatchWholeOrNothing(round: BatchUnderLock): Promise<void> {
  const { databasePath, countSql, items, send, stored, label } = round;
  const lockTaken = takeLockMidBatch(databasePath, countSql, items);
  const first = await send();
  await lockTaken;
  if (first.status === 503) {
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await stored(), `${label} stored before the 503`).toBe(0);
    const again = await send();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { created: number }).created).toBe(items);
  } else {
    expect(first.status).toBe(200);
    expect(((await first.json()) as { created: number }).created).toBe(items);
  }
  expect(await stored(), `${label} stored in the end`).toBe(items);
}
