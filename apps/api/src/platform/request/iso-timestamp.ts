/** @module ISO 8601 dates and date-times as epoch milliseconds, without zod: the command line's options read them too. */

/** A date alone, `YYYY-MM-DD`. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * True when a text's leading `YYYY-MM-DD` is a day its month has. `Date.parse` rolls a date-time on a day the month
 * lacks over into the next month (`2026-02-30T10:00Z` reads as 2 March), so the day is checked before it parses.
 */
function isCalendarDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  return ISO_DATE.test(text) && isCalendarDay(text);
}

/** Parses an ISO 8601 date or date-time to epoch ms; no zone means UTC. Null when not ISO 8601 or not a real day. */
export function parseIsoTimestamp(text: string): number | null {
  const value = text.trim();
  if (!(ISO_DATE.test(value) || ISO_DATE_TIME.test(value)) || !isCalendarDay(value)) return null;
  if (ISO_DATE.test(value)) return Date.parse(`${value}T00:00:00Z`);
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const time = Date.parse(hasZone ? value.replace(" ", "T") : `${value.replace(" ", "T")}Z`);
  return Number.isNaN(time) ? null : time;
}

const DAY_MILLISECONDS = 86_400_000;

/**
 * The last instant of a window whose end is written `text`, as epoch ms: a date alone is its whole day (UTC), so
 * `2026-11-30` ends at 23:59:59.999 that day; a date-time is that instant. Null when not ISO 8601.
 *
 * @example
 * parseIsoWindowEnd("2026-11-30"); // Date.UTC(2026, 10, 30, 23, 59, 59, 999)
 */
export function parseIsoWindowEnd(text: string): number | null {
  const time = parseIsoTimestamp(text);
  return time !== null && ISO_DATE.test(text.trim()) ? time + DAY_MILLISECONDS - 1 : time;
}
