/** Body fields of note writes. */
import { z } from "zod";
import { MAX_NOTE_CONTENT_LENGTH, MAX_NOTE_TITLE_LENGTH } from "../../platform/request/field-limits.js";
import { multiLine, nullableText } from "../../platform/request/field-schemas.js";

/** Something besides white space: a blank note says nothing, like a blank name or title. */
const NOT_BLANK = /\S/;

export const noteFields = {
  title: nullableText(`Optional title (at most ${MAX_NOTE_TITLE_LENGTH} characters); trimmed, and blank means null.`, MAX_NOTE_TITLE_LENGTH),
  // Not trimmed: a note's text keeps its layout (a leading indent, a closing newline) as written.
  content: z
    .string()
    .max(MAX_NOTE_CONTENT_LENGTH, `at most ${MAX_NOTE_CONTENT_LENGTH} characters`)
    .superRefine(multiLine)
    .regex(NOT_BLANK, "must not be blank")
    .describe(`The note's text (at most ${MAX_NOTE_CONTENT_LENGTH.toLocaleString("en-US")} characters, not blank), stored as written.`),
};
