/**
 * @module
 * Runs the writes of one record one at a time. A conditional write reads the record's tag, compares it with its
 * `If-Match`, then writes: two clients holding the same tag would otherwise both find it current before either
 * wrote, and the second overwrite the first (the lost update the condition is sent to prevent).
 */

/** Runs work under a key, each after the work queued before it under the same key has settled. */
export interface RecordWriteGate {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** How many keys have work running or waiting (0 once all settled: nothing is held for a record left alone). */
  readonly busyKeys: number;
}

/**
 * A gate of its own (one per app: a key names a tenant's record, which the app's writes share).
 *
 * @example
 * const gate = createRecordWriteGate();
 * await gate.run(`${tenantUuid} person ${personUuid}`, () => checkThenWrite());
 */
export function createRecordWriteGate(): RecordWriteGate {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      const result = before.then(() => work());
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    get busyKeys() {
      return tails.size;
    },
  };
}
