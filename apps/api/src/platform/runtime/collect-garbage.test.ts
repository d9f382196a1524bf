import { describe, expect, it } from "vitest";
import { collectGarbageNow } from "./collect-garbage.js";

describe("collectGarbageNow", () => {
  it("collects what nothing references any more, without node --expose-gc", async () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let garbage: object | null = { payload: new Array(1_000).fill("x") };
    const collected = new WeakRef(garbage);
    garbage = null;
    // A WeakRef's target stays alive until the end of the turn that created or read it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbageNow();
    expect(collected.deref()).toBeUndefined();
    // The main context's globals are unchanged.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
