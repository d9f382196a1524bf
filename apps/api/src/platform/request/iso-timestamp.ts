/** @module ISO 8601 dates and date-times as epoch milliseconds, without zod: the command line's options read them too. */
import { ISO_DATE, isCalendarDay } from "@rapport/store/vocabulary";
import { leapSecondAsLast } from "./leap-second.js";

// ISO 8601 also writes the fraction after a comma and an offset as hours alone (`+05`, and PostgreSQL's `+00`).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}([.,]\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * Parses an ISO 8601 date or date-time to epoch ms; no zone means UTC; a leap second (`:60`) is the minute's last.
 * Null when not ISO 8601 or not a real day.
 */
export function parseIsoTimestamp(text: string): number | null {
  const value = leapSecondAsLast(text.trim());
  if (value === null) return null;
  if (!(ISO_DATE.test(value) || ISO_DATE_TIME.test(value)) || !isCalendarDay(value)) return null;
  if (ISO_DATE.test(value)) return Date.parse(`${value}T00:00:00Z`);
  // Into the one form Date.parse reads: `T`, a dot, and an offset of hours and minutes.
  const written = value.replace(" ", "T").replace(",", ".").replace(/([+-]\d{2}):?(\d{2})?$/, (_, hours: string, minutes = "00") => `${hours}:${minutes}`);
  const time = Date.parse(ZONE.test(value) ? written : `${written}Z`);
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
