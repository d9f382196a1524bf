/**
 * @module A leap second (`23:59:60`, which RFC 5322 and ISO 8601 both write) as epoch time can hold it: the minute's
 * last second, as Java's `Instant` and JavaScript's Temporal read it. Date.parse refused it in ISO 8601 and read it in
 * a mail header as the minute's first second (and 61 to 99 likewise), a minute off.
 */

/** A time of day's seconds: `hh:mm:ss`, a fraction after them left alone. */
const TIME_SECONDS = /(\d:\d{2}:)(\d{2})(?!\d)/;

/**
 * `text` with a leap second's `:60` written `:59` (a fraction kept); null when its seconds are past 60, which no
 * minute has; `text` itself otherwise.
 *
 * @example
 * leapSecondAsLast("Sat, 31 Dec 2016 23:59:60 +0000"); // "Sat, 31 Dec 2016 23:59:59 +0000"
 * leapSecondAsLast("2016-12-31T23:59:61Z"); // null
 */
export function leapSecondAsLast(text: string): string | null {
  const seconds = TIME_SECONDS.exec(text);
  if (seconds === null || Number(seconds[2]) < 60) return text;
  return seconds[2] === "60" ? text.replace(TIME_SECONDS, "$159") : null;
}
