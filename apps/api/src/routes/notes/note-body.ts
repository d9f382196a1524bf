/** Body fields of note writes. */
import { z } from "zod";

export const noteFields = {
  title: z.string().trim().max(300).nullable().describe("Optional title."),
  content: z.string().min(1).max(100_000).describe("The note's text (at most 100,000 characters)."),
};
