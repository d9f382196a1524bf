/**
 * In-process fixed-window counters; expired windows are swept as time moves on. Counts are kept by subject,
 * then by window: both arrive as strings the process already holds (a key's uuid, the current window's id),
 * so a request finds its count without building a key of its own.
 */
import type { Clock } from "../clock.js";
import type { RateLimitCounter } from "./rate-limit-counter.js";

interface WindowCount {
  count: number;
  expiresAt: number;
}

/** Counts requests per subject and window in this process's memory (the per-second windows), forgetting expired windows. */
export function createInMemoryRateLimitCounter(clock: Clock): RateLimitCounter {
  const subjects = new Map<string, Map<string, WindowCount>>();
  let nextSweep = 0;
  const sweep = () => {
    const now = clock.now();
    if (now < nextSweep) return;
    nextSweep = now + 1_000;
    for (const [subject, windows] of subjects) {
      for (const [id, window] of windows) if (window.expiresAt <= now) windows.delete(id);
      if (windows.size === 0) subjects.delete(subject);
    }
  };
  return {
    async increment(subject, window, expiresAt) {
      sweep();
      let windows = subjects.get(subject);
      if (windows === undefined) {
        windows = new Map();
        subjects.set(subject, windows);
      }
      let entry = windows.get(window);
      if (entry === undefined) {
        entry = { count: 0, expiresAt };
        windows.set(window, entry);
      }
      entry.count += 1;
      return entry.count;
    },
    async current(subject, window) {
      return subjects.get(subject)?.get(window)?.count ?? 0;
    },
  };
}
