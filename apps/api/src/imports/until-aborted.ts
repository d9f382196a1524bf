/** @module An import's entries until its stop is asked for: the stop also ends a wait for the next entry. */

/**
 * The entries of `entries` until `signal` aborts. A wait for the next entry (a pipe whose writer sends nothing for now)
 * ends at the abort, so a stop asked for between two entries does not wait for the writer's next message or its end;
 * the read under way is left to the stream's closing (its failure, if any, ignored).
 */
export async function* untilAborted<Entry>(entries: AsyncIterable<Entry>, signal: AbortSignal | undefined): AsyncGenerator<Entry> {
  if (!signal) {
    yield* entries;
    return;
  }
  const iterator = entries[Symbol.asyncIterator]();
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal.aborted) resolve("aborted");
    else signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  // An async generator queues a return() behind a read under way: awaiting it there would wait for that read.
  let readUnderWay = false;
  let finished = false;
  try {
    while (!signal.aborted) {
      const next = iterator.next();
      readUnderWay = true;
      const winner = await Promise.race([next, aborted]);
      if (winner === "aborted") {
        next.catch(() => undefined);
        return;
      }
      readUnderWay = false;
      if (winner.done) {
        finished = true;
        return;
      }
      yield winner.value;
    }
  } catch (error) {
    readUnderWay = false;
    throw error;
  } finally {
    if (!finished && !readUnderWay) await iterator.return?.();
  }
}
