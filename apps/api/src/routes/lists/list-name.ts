/** The name of an entity list, as create and rename take it. */
import { nameString, oneLine } from "../../platform/request/field-schemas.js";
import { MAX_LIST_NAME_LENGTH } from "../../platform/request/field-limits.js";

export const listName = nameString()
  .trim()
  .max(MAX_LIST_NAME_LENGTH, `at most ${MAX_LIST_NAME_LENGTH} characters`)
  .superRefine(oneLine)
  .refine((value) => value.length > 0, "must not be blank")
  .describe("The list's name.");
