import { afterEach, describe, expect, it, vi } from "vitest";
import { createCallsInFlight } from "./calls-in-flight.js";

afterEach(() => vi.useRealTimers());

/** A promise and the functions that settle it. */
function pending<T>(): { answer: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const answer = new Promise<T>((onResolve, onReject) => ((resolve = onResolve), (reject = onReject)));
  return { answer, resolve, reject };
}

describe("createCallsInFlight", () => {
  it("is settled at once with no call under way", async () => {
    await expect(createCallsInFlight().settled(60_000)).resolves.toBeUndefined();
  });

  it("is settled once every call tracked has settled, answered or failed, and hands each answer back as it is", async () => {
    const calls = createCallsInFlight();
    const answered = pending<string>();
    const failed = pending<string>();
    expect(calls.track(answered.answer)).toBe(answered.answer);
    calls.track(failed.answer).catch(() => undefined);
    let settled = false;
    const waiting = calls.settled(60_000).then(() => (settled = true));
    answered.resolve("done");
    await answered.answer;
    expect(settled).toBe(false);
    failed.reject(new Error("refused"));
    await waiting;
    expect(settled).toBe(true);
  });

  it("stops waiting after the bound with a call still under way", async () => {
    vi.useFakeTimers();
    const calls = createCallsInFlight();
    calls.track(pending<void>().answer);
    let settled = false;
    const waiting = calls.settled(5000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(settled).toBe(true);
  });
});
