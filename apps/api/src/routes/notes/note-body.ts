/** Body fields of note writes. */
import { z } from "zod";
import { MAX_NOTE_CONTENT_LENGTH, MAX_NOTE_TITLE_LENGTH } from "../../platform/request/field-limits.js";

export const noteFields = {
  title: z.string().trim().max(MAX_NOTE_TITLE_LENGTH).nullable().describe("Optional title."),
  content: z.string().min(1).max(MAX_NOTE_CONTENT_LENGTH).describe(`The note's text (at most ${MAX_NOTE_CONTENT_LENGTH.toLocaleString("en-US")} characters).`),
};
