/** @module The one check of a calendar date written `YYYY-MM-DD`, for the store and the API alike. */

/** A date alone, `YYYY-MM-DD`. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when a text's leading `YYYY-MM-DD` is a day its month has (a date-time's too). `Date.parse` rolls a day the
 * month lacks over into the next month (`2026-02-30T10:00Z` reads as 2 March), so the day is checked without it.
 */
export function isCalendarDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/**
 * True for a real calendar date written `YYYY-MM-DD`.
 *
 * @example
 * isCalendarDate("2028-02-29"); // true
 * isCalendarDate("2026-02-29"); // false
 */
export function isCalendarDate(text: string): boolean {
  return ISO_DATE.test(text) && isCalendarDay(text);
}
