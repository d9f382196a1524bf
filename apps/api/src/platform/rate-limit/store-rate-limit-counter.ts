/** Monthly counters persisted in the store's usage table, so they survive a restart. */
import type { Store } from "@rapport/store";
import type { RateLimitCounter } from "./rate-limit-counter.js";

/** Counts requests per tenant and calendar month in the store (`usage.incrementMonthly`, `usage.monthly`). */
export function createStoreRateLimitCounter(store: Store): RateLimitCounter {
  return {
    increment: (subject, window, _expiresAt, exactFrom) => store.usage.incrementMonthly(subject, window, exactFrom),
    current: (subject, window) => store.usage.monthly(subject, window),
  };
}
