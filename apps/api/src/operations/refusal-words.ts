/**
 * @module
 * zod's issues in the words a client acts on. zod words a bound by the type it checks ("Too big: expected array to
 * have <=100 items", "Too small: expected number to be >=0", "Invalid input: expected int, received number"); these
 * say what to send ("at most 100 items", "at least 0", "must be an integer"), as the schemas' own messages do. A
 * schema's own message outranks them; a value of the wrong type or outside its options keeps zod's words ("Invalid
 * input: expected string, received number"), which readable-issue.ts and issue-to-report.ts read.
 */
import { z } from "zod";

type RawIssue = z.core.$ZodRawIssue;

/** The unit a size bound of each origin counts, singular and plural; a number's bound has none. */
const UNITS: Readonly<Record<string, readonly [string, string]>> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  map: ["entry", "entries"],
  file: ["byte", "bytes"],
};

/** `bound` with the unit `origin` counts in. */
function counted(origin: string, bound: number | bigint): string {
  const unit = Object.hasOwn(UNITS, origin) ? UNITS[origin]! : null;
  return unit === null ? String(bound) : `${bound} ${unit[Number(bound) === 1 ? 0 : 1]}`;
}

/** A bound's words: `exactly N`, `at most N` or `less than N` (`at least N`, `more than N`), with its unit. */
function boundText(issue: { origin: string; inclusive?: boolean; exact?: boolean }, bound: number | bigint, end: "most" | "least"): string {
  const words = issue.exact ? "exactly" : issue.inclusive === false ? (end === "most" ? "less than" : "more than") : `at ${end}`;
  return `${words} ${counted(issue.origin, bound)}`;
}

/**
 * A zod error map in the house's words for the issues zod words by type: bounds of lengths, sizes and numbers, and a
 * number that is no integer. An unknown field's issue reads "unknown fields" (validate-input.ts names them: zod's own
 * names every key, half a megabyte for 60,000 of them). Other issues keep zod's words (undefined: the next map).
 *
 * @example
 * schema.safeParse(input, { error: refusalWords }); // a body of 101 messages: "at most 100 items"
 */
export const refusalWords: z.core.$ZodErrorMap = (issue: RawIssue) => {
  switch (issue.code) {
    case "unrecognized_keys":
      return "unknown fields";
    case "too_big":
      return boundText(issue, issue.maximum, "most");
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1 && !issue.exact) return "must not be empty";
      return boundText(issue, issue.minimum, "least");
    case "invalid_type":
      // Raised only on a number: zod checks the type (number) first.
      return issue.expected === "int" ? "must be an integer" : undefined;
    default:
      return undefined;
  }
};

/**
 * `schema` parsing `input` with its refusals in `refusalWords`: for a value already refused (the error map turns off
 * zod's compiled check of objects, ten times slower, so a value is parsed this way only to word its refusal).
 *
 * @example
 * const result = parsedForRefusal(schema, body);
 */
export function parsedForRefusal<Schema extends z.ZodType>(schema: Schema, input: unknown): z.ZodSafeParseResult<z.output<Schema>> {
  return schema.safeParse(input, { error: refusalWords });
}
