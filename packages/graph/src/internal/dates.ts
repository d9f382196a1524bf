/** @module Time constants and the one date format the graph produces. */

export const DAY_MILLISECONDS = 86_400_000;

/**
 * Formats epoch milliseconds as a UTC calendar date, `YYYY-MM-DD`.
 * @example toIsoDate(Date.UTC(2026, 11, 1, 18)); // "2026-12-01"
 */
export function toIsoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * {@link toIsoDate}, passing null through.
 * @example toIsoDateOrNull(null); // null
 */
export function toIsoDateOrNull(time: number | null): string | null {
  return time === null ? null : toIsoDate(time);
}
