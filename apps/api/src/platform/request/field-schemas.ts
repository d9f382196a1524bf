/**
 * @module
 * Zod building blocks for record fields in request bodies: nullable text (blank means null),
 * calendar dates, tag lists, finite numbers. Each carries its description for the OpenAPI
 * document and MCP tool schemas.
 */
import { z } from "zod";

/** A text field that may be cleared with null; blank text counts as null. */
export const nullableText = (description: string, max = 2_000) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform((value) => value.trim() || null)
    .nullable()
    .describe(description);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A calendar date `YYYY-MM-DD`, or null. */
export const nullableDate = (description: string) =>
  z
    .string()
    .refine(isCalendarDate, "must be a date written YYYY-MM-DD")
    .nullable()
    .describe(`${description} YYYY-MM-DD.`);

/** A list of short labels; trimmed, blanks dropped, duplicates (ignoring case) removed. */
export const labelList = (description: string, max = 50) =>
  z
    .array(z.string().max(100, "each at most 100 characters"))
    .max(max, `at most ${max} items`)
    .transform((labels) => {
      const seen = new Set<string>();
      const kept: string[] = [];
      for (const label of labels.map((text) => text.trim()).filter(Boolean)) {
        if (seen.has(label.toLowerCase())) continue;
        seen.add(label.toLowerCase());
        kept.push(label);
      }
      return kept;
    })
    .describe(`${description} At most ${max}; duplicates ignoring case are dropped.`);

/** A finite number, or null. */
export const nullableNumber = (description: string) => z.number().finite().nullable().describe(description);
