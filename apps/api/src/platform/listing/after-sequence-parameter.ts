/** The `after_sequence` query parameter of the logs a poller resumes (the activity feed, the deletions log). */
import { z } from "zod";

/** A non-negative whole number in a query string: the sequence of the last entry the caller processed. */
export const afterSequenceParameter = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, "must be an integer from 0 to 999999999999999")
    .transform((text) => Number(text))
    .describe(description);
