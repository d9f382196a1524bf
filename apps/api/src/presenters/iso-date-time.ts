/**
 * @module
 * Epoch milliseconds as ISO 8601 UTC text, exactly as `Date.prototype.toISOString`, for answers that
 * format hundreds of instants (a recommended-paths page has one per hop): the date part is remembered
 * per day and the time of day is written from the remainder, about four times quicker.
 */

const DAY = 86_400_000;
/** The largest distance from the epoch a Date can hold, in milliseconds. */
const DATE_RANGE = 8.64e15;
/** Days remembered before the memo starts over: about thirty years of distinct dates. */
const MAXIMUM_DAYS = 11_000;
const datePrefixes = new Map<number, string>();

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/** `2026-11-21T14:05:09.042Z` for its epoch milliseconds; null stays null. Throws RangeError where toISOString does. */
export function isoDateTime(time: number | null): string | null {
  if (time === null) return null;
  // Fractions, NaN and instants outside the Date range take the built-in path (which truncates or throws).
  if (!Number.isInteger(time) || time > DATE_RANGE || time < -DATE_RANGE) return new Date(time).toISOString();
  const day = Math.floor(time / DAY);
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, -13);
    if (datePrefixes.size >= MAXIMUM_DAYS) datePrefixes.clear();
    datePrefixes.set(day, prefix);
  }
  let rest = time - day * DAY;
  const milliseconds = rest % 1000;
  rest = (rest - milliseconds) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return `${prefix}${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(milliseconds)}Z`;
}
