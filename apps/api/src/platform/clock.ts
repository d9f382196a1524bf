/** The Clock port: the only way the API reads time, so tests can fix it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The real clock: `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved; for tests. */
export function createManualClock(start: number): Clock & { set(time: number): void; advance(milliseconds: number): void } {
  let current = start;
  return {
    now: () => current,
    set(time) {
      current = time;
    },
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}
