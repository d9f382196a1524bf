/** Checks the calendar month a usage count is kept under. */
import { InvalidInputError } from "../errors.js";

const CALENDAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Throws InvalidInputError, quoting the value, unless `value` is a calendar month written `YYYY-MM` (`2026-11`): a count
 * kept under another key (`2026-1`, `2026-13`, `November`) is never read back as the month it was meant for.
 *
 * @example assertCalendarMonth(month, "usage.incrementMonthly");
 */
export function assertCalendarMonth(value: unknown, operation: string): asserts value is string {
  if (typeof value === "string" && CALENDAR_MONTH.test(value)) return;
  throw new InvalidInputError(`${operation}: "month" must be a calendar month written YYYY-MM, such as 2026-11; got ${JSON.stringify(value) ?? String(value)}`);
}
