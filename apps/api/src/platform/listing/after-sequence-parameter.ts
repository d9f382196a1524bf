/** The `after_sequence` query parameter of the logs a poller resumes (the activity feed, the deletions log). */
import { wholeNumberText } from "../request/whole-number-text.js";

const LAST_SEQUENCE = 999_999_999_999_999;
const SEQUENCE_MESSAGE = `must be an integer from 0 to ${LAST_SEQUENCE}`;

/** A non-negative whole number in a query string: the sequence of the last entry the caller processed. */
export const afterSequenceParameter = (description: string) =>
  wholeNumberText(SEQUENCE_MESSAGE)
    .refine((sequence) => sequence >= 0 && sequence <= LAST_SEQUENCE, SEQUENCE_MESSAGE)
    .describe(description);
