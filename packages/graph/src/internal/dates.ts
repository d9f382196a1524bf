/** @module Time constants and the one date format the graph produces. */

export const DAY_MILLISECONDS = 86_400_000;

/** Largest absolute epoch-millisecond value a JavaScript Date accepts (100,000,000 days either side of 1970). */
export const MAXIMUM_TIME = 8.64e15;

/**
 * Formats epoch milliseconds as a UTC calendar date, `YYYY-MM-DD`; outside years 0000 to 9999, as ISO 8601's
 * expanded form `±YYYYYY-MM-DD` (what `toISOString` writes before its `T`).
 * @example toIsoDate(Date.UTC(2026, 11, 1, 18)); // "2026-12-01"
 * @example toIsoDate(Date.UTC(10000, 0, 1)); // "+010000-01-01"
 */
export function toIsoDate(time: number): string {
  // Whole milliseconds first: a time just before the epoch (-5e-324) divided by a day underflows to -0, on 1970-01-01.
  const day = Math.floor(Math.floor(time) / DAY_MILLISECONDS);
  let formatted = formattedDays.get(day);
  if (formatted === undefined) {
    const iso = new Date(day * DAY_MILLISECONDS).toISOString();
    // Not the first ten characters: an expanded year has six digits and a sign ("+010000-01" was a date cut short).
    formatted = iso.slice(0, iso.indexOf("T"));
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
