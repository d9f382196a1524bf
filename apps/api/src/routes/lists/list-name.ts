/** The name of an entity list, as create and rename take it. */
import { z } from "zod";

export const listName = z
  .string()
  .max(200, "at most 200 characters")
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, "must not be blank")
  .describe("The list's name.");
