/**
 * @module
 * An iteration of a store's async iterable (`interactions.all`, `interactions.allOf`) as a call under way: `close()`
 * waits for it as for a running write, and once the connection is closed under it, its next step fails with the
 * store's error naming the call. Without it `close()` did not wait, and the iteration failed at its next page with
 * Kysely's bare "driver has already been destroyed".
 */

/** How the store guards the iteration. */
export interface IterationGuard {
  /** The refusal of an iteration begun now (the store is closing or closed), or null when it may begin. */
  refusalToBegin(): Error | null;
  /** Whether the connection is closed: an iteration under way stops at its next step. */
  closed(): boolean;
  /** The error of an iteration the closed connection cut short (`cause`: the driver's error, if any). */
  cutShort(cause: unknown): Error;
  /** Whether `error` is the store's own, passed on as it is. */
  isStoreError(error: unknown): boolean;
  /** Counts the iteration as a call under way until `ended` resolves; null inside a transaction (the transaction is the call). */
  track: ((ended: Promise<void>) => void) | null;
}

/** Whether `value` is an async iterable (a repository call's answer that is not a promise). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/**
 * `iterable`, each iteration of it counted from its first step to its end (its last record, a failure, or `return`,
 * which `break` out of a `for await` calls) and refused or cut short as `guard` says.
 *
 * @example for await (const record of guardedIteration(repository.all(tenantUuid), guard)) graph.add(record);
 */
export function guardedIteration<Item>(iterable: AsyncIterable<Item>, guard: IterationGuard): AsyncIterable<Item> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Item> {
      const inner = iterable[Symbol.asyncIterator]();
      let stage: "unbegun" | "under way" | "ended" = "unbegun";
      let endTracking = () => {};
      const end = () => {
        stage = "ended";
        endTracking();
      };
      const begin = () => {
        stage = "under way";
        guard.track?.(new Promise<void>((resolve) => (endTracking = resolve)));
      };
      return {
        async next() {
          if (stage === "ended") return { done: true, value: undefined };
          if (stage === "unbegun") {
            const refusal = guard.refusalToBegin();
            if (refusal !== null) {
              stage = "ended";
              throw refusal;
            }
            begin();
          } else if (guard.closed()) {
            end();
            throw guard.cutShort(undefined);
          }
          try {
            const step = await inner.next();
            if (step.done === true) end();
            return step;
          } catch (error) {
            end();
            throw guard.closed() && !guard.isStoreError(error) ? guard.cutShort(error) : error;
          }
        },
        async return(value?: unknown) {
          const wasUnderWay = stage === "under way";
          end();
          if (wasUnderWay && inner.return) return inner.return(value);
          return { done: true, value: value as Item };
        },
      };
    },
  };
}
