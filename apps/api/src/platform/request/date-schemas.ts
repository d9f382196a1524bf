/**
 * @module
 * Calendar dates (`YYYY-MM-DD`) in bodies and queries, and ISO 8601 bounds for inclusive range
 * filters: a date-only upper bound covers that whole day.
 */
import { z } from "zod";
import { isoTimestampQuery } from "./common-schemas.js";
import { isCalendarDate } from "@rapport/store/vocabulary";


/**
 * Refuses text that is no calendar date, quoting it, so that a word ("next friday") is told where today's date is
 * (server-time-hint.ts), as a date filter's is.
 */
export function checkCalendarDate(value: string, context: z.RefinementCtx): void {
  if (!isCalendarDate(value)) context.addIssue({ code: "custom", message: `'${value.slice(0, 60)}' is not a date YYYY-MM-DD` });
}

/** A calendar date `YYYY-MM-DD`. */
export const calendarDate = (description: string) => z.string().superRefine(checkCalendarDate).describe(`${description} ISO 8601 date, YYYY-MM-DD.`);

export const DAY_MS = 86_400_000;

/**
 * An inclusive bound given as an ISO 8601 date or date-time, as epoch ms. For an upper bound
 * (`end`), a date alone means the end of that day (UTC), so `..._to=2026-11-21` includes the 21st.
 */
export const isoBoundQuery = (description: string, end: "start" | "end") =>
  isoTimestampQuery(description, { endOfDay: end === "end" }).describe(
    `${description} ISO 8601 date or date-time (without a zone, UTC); inclusive${end === "end" ? ", and a date alone covers that whole day" : ""}.`,
  );

/** A finite decimal number in a query string. */
export const numberQuery = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, "must be a number")
    .transform((text) => Number(text))
    .refine(Number.isFinite, "must be a finite number")
    .describe(description);
