/** An import's entries until its stop: a stop ends a wait for the next entry; a consumer's break closes the source. */
import { describe, expect, it } from "vitest";
import { untilAborted } from "./until-aborted.js";

/** Entries 1 and 2, then a wait that never ends (a pipe held open); notes whether it was closed. */
function heldOpen() {
  const state = { closed: false };
  const entries: AsyncIterable<number> = {
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        next: () => (index < 2 ? Promise.resolve({ done: false, value: ++index }) : new Promise<IteratorResult<number>>(() => undefined)),
        return: () => {
          state.closed = true;
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
  return { entries, state };
}

describe("untilAborted", () => {
  it("ends a wait for the next entry when the stop is asked for, leaving the read under way", async () => {
    const { entries, state } = heldOpen();
    const controller = new AbortController();
    const seen: number[] = [];
    const done = (async () => {
      for await (const entry of untilAborted(entries, controller.signal)) seen.push(entry);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([1, 2]);
    controller.abort();
    await done;
    expect(state.closed).toBe(false);
  });

  it("closes the source when its consumer stops between entries, and passes every entry through without a signal", async () => {
    const { entries, state } = heldOpen();
    for await (const entry of untilAborted(entries, new AbortController().signal)) if (entry === 1) break;
    expect(state.closed).toBe(true);
    const plain: number[] = [];
    for await (const entry of untilAborted((async function* () { yield* [1, 2, 3]; })(), undefined)) plain.push(entry);
    expect(plain).toEqual([1, 2, 3]);
  });
});
