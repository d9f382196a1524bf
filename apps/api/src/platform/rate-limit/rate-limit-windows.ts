/** Window arithmetic: the current second and the current UTC calendar month, and when each resets. */

export interface RateWindow {
  /** Identifies the window, e.g. `1763712000` or `2026-11`. */
  id: string;
  /** Unix seconds at which the next window starts. */
  resetAt: number;
}

export function secondWindow(nowMilliseconds: number): RateWindow {
  const second = Math.floor(nowMilliseconds / 1000);
  return { id: String(second), resetAt: second + 1 };
}

export function monthWindow(nowMilliseconds: number): RateWindow {
  const date = new Date(nowMilliseconds);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    id: `${year}-${String(month + 1).padStart(2, "0")}`,
    resetAt: Date.UTC(year, month + 1, 1) / 1000,
  };
}
