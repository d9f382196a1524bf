/** @module Time constants and the one date format the graph produces. */

export const DAY_MILLISECONDS = 86_400_000;

/** Largest absolute epoch-millisecond value a JavaScript Date accepts (100,000,000 days either side of 1970). */
export const MAXIMUM_TIME = 8.64e15;

/**
 * Formats epoch milliseconds as a UTC calendar date, `YYYY-MM-DD`.
 * @example toIsoDate(Date.UTC(2026, 11, 1, 18)); // "2026-12-01"
 */
export function toIsoDate(time: number): string {
  const day = Math.floor(time / DAY_MILLISECONDS);
  let formatted = formattedDays.get(day);
  if (formatted === undefined) {
    formatted = new Date(day * DAY_MILLISECONDS).toISOString().slice(0, 10);
    if (formattedDays.size >= FORMATTED_DAYS_KEPT) formattedDays.clear();
    formattedDays.set(day, formatted);
  }
  return formatted;
}

/**
 * Formatted dates by day number: a ranking formats a date per listed entry, and building a Date for each
 * cost a fifth of a typical ranking. Bounded (about thirty years of days), cleared when full.
 */
const formattedDays = new Map<number, string>();
const FORMATTED_DAYS_KEPT = 11_000;

/**
 * {@link toIsoDate}, passing null through.
 * @example toIsoDateOrNull(null); // null
 */
export function toIsoDateOrNull(time: number | null): string | null {
  return time === null ? null : toIsoDate(time);
}
