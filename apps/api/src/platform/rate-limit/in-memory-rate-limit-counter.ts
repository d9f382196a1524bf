/** In-process fixed-window counters; expired windows are swept as time moves on. */
import type { Clock } from "../clock.js";
import type { RateLimitCounter } from "./rate-limit-counter.js";

export function createInMemoryRateLimitCounter(clock: Clock): RateLimitCounter {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  let nextSweep = 0;
  const sweep = () => {
    const now = clock.now();
    if (now < nextSweep) return;
    nextSweep = now + 1_000;
    for (const [id, window] of windows) if (window.expiresAt <= now) windows.delete(id);
  };
  return {
    async increment(subject, window, expiresAt) {
      sweep();
      const id = `${subject}\u0000${window}`;
      const entry = windows.get(id) ?? { count: 0, expiresAt };
      entry.count += 1;
      windows.set(id, entry);
      return entry.count;
    },
    async current(subject, window) {
      return windows.get(`${subject}\u0000${window}`)?.count ?? 0;
    },
  };
}
