/**
 * Window arithmetic: the current second and the current UTC calendar month, and when each resets. Every
 * request asks for both, and nearly always for the ones the last request got: the last of each is kept.
 */

export interface RateWindow {
  /** Identifies the window, e.g. `1763712000` or `2026-11`. */
  readonly id: string;
  /** Unix seconds at which the next window starts. */
  readonly resetAt: number;
}

let lastSecond: RateWindow = { id: "", resetAt: Number.NaN };
let lastMonth: { window: RateWindow; startsAt: number } = { window: lastSecond, startsAt: Number.NaN };

export function secondWindow(nowMilliseconds: number): RateWindow {
  const second = Math.floor(nowMilliseconds / 1000);
  if (lastSecond.resetAt !== second + 1) lastSecond = { id: String(second), resetAt: second + 1 };
  return lastSecond;
}

export function monthWindow(nowMilliseconds: number): RateWindow {
  const { window, startsAt } = lastMonth;
  if (nowMilliseconds >= startsAt && nowMilliseconds < window.resetAt * 1000) return window;
  const date = new Date(nowMilliseconds);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  lastMonth = {
    window: { id: `${year}-${String(month + 1).padStart(2, "0")}`, resetAt: Date.UTC(year, month + 1, 1) / 1000 },
    startsAt: Date.UTC(year, month, 1),
  };
  return lastMonth.window;
}
