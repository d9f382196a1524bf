/**
 * @module
 * Zod building blocks for record fields in request bodies: nullable text (blank means null; trimmed, or
 * kept as written), web addresses, calendar dates, tag lists, finite numbers, and the checks that keep control
 * characters out of one-line and multi-line text. Each carries its description for the OpenAPI document and MCP tool
 * schemas.
 */
import { z } from "zod";
import { controlCharacterProblem, distinctTags, refusedCharacter, takeOutReorderingControls, type TextLayout } from "@rapport/store/vocabulary";
import { MAX_LABELS_PER_LIST } from "./count-limits.js";
import { MAX_LABEL_LENGTH, MAX_WEB_ADDRESS_LENGTH } from "./field-limits.js";
import { checkCalendarDate } from "./date-schemas.js";

/** A zod refinement refusing the characters text laid out as `layout` may not hold (@rapport/store control-character.ts), naming the first. */
const withoutControlCharacters = (layout: TextLayout) => (text: string, context: z.RefinementCtx) => {
  const codePoint = refusedCharacter(text, layout);
  if (codePoint !== null) context.addIssue({ code: "custom", message: controlCharacterProblem(codePoint) });
};

/** For `.superRefine`: one-line text (a name, a title, an email, a label) holds no control character, the tab included. */
export const oneLine = withoutControlCharacters("one line");

/** For `.superRefine`: multi-line text (a note, a description) keeps tabs and line breaks, and holds no other control character. */
export const multiLine = withoutControlCharacters("multi-line");

/** For `.superRefine` on a value of any type (a custom field's): text holds to `multiLine`, other values pass. */
export const multiLineIfText = (value: unknown, context: z.RefinementCtx) => {
  if (typeof value === "string") multiLine(value, context);
};

/** The first string inside `value` (itself, or held at any depth of its arrays and objects), for which `test` is true. */
function textInside(value: unknown, test: (text: string) => boolean): string | undefined {
  if (typeof value === "string") return test(value) ? value : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const inner of Object.values(value)) {
    const found = textInside(inner, test);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * For `.superRefine` on a free-form JSON value (a company's custom field's): every string in it, at any depth, holds
 * to `multiLine`; the first refused character is named.
 */
export const multiLineThroughout = (value: unknown, context: z.RefinementCtx) => {
  const text = textInside(value, (candidate) => refusedCharacter(candidate, "multi-line") !== null);
  if (text !== undefined) multiLine(text, context);
};

/**
 * The text of a name (a person's, a company's, a list's, an opportunity's, a stage's, a custom field's), or of a filter
 * that searches names (`nameFilter`), to be trimmed and checked like any one-line text: without the controls that
 * reorder text (`takeOutReorderingControls`), taken out first, so a name left blank by them is refused, or cleared, as
 * a blank one.
 */
export const nameString = () => z.string().overwrite(takeOutReorderingControls);

/**
 * One-line text a record must have (a task's title, a Message-ID): trimmed, then not blank and at most `max`
 * characters, each refusal in words a client acts on ("must not be blank", not zod's "expected string to have >=1
 * characters"), and one line. `text` is the string schema to start from (a `nameString` for a name).
 */
export const requiredLine = (max: number, text: z.ZodString = z.string()) =>
  text.trim().min(1, "must not be blank").max(max, `at most ${max} characters`).superRefine(oneLine);

/** A name a record must have (an opportunity's, a stage's, a type's label, a custom field's): `requiredLine` of a `nameString`. */
export const requiredName = (max: number) => requiredLine(max, nameString());

/**
 * A text filter's value: not empty (a client that means no filter leaves the parameter out) and at most `max`
 * characters, each refusal in words; `text` is the string schema to start from (trimmed or not).
 */
export const filterText = (max: number, text: z.ZodString = z.string()) =>
  text.min(1, "must not be empty: leave it out for no filter").max(max, `at most ${max} characters`);

/**
 * A filter that searches names (the company and opportunity lists' `name`, the opportunity list's `search`):
 * `filterText` of a `nameString`, so a name pasted with the controls that reorder text finds the name stored without
 * them, and a value left empty by their removal is refused as an empty filter. With `trim`, trimmed first.
 */
export const nameFilter = (max: number, { trim = false }: { trim?: boolean } = {}) => filterText(max, trim ? nameString().trim() : nameString());

/** `nullableText`'s checks on `text`, a string schema. */
const nullableTextOf = (text: z.ZodString, description: string, max: number, layout: TextLayout) =>
  text
    .trim()
    .max(max, `at most ${max} characters`)
    .superRefine(withoutControlCharacters(layout))
    .transform((value) => value || null)
    .nullable()
    .describe(description);

/**
 * A text field that may be cleared with null; blank text counts as null. Trimmed, then held to `max` and to `layout`
 * (one line unless said): what is stored.
 */
export const nullableText = (description: string, max: number, layout: TextLayout = "one line") => nullableTextOf(z.string(), description, max, layout);

/** A name that may be cleared with null (a person's given name): `nullableText` of a `nameString`. */
export const nullableName = (description: string, max: number) => nullableTextOf(nameString(), description, max, "one line");

/**
 * A value a lookup compares once trimmed (and normalized), and echoes back as sent: held to `max` and to one line
 * after trimming, like text stored trimmed, but not trimmed itself (a line break around it, as a CSV cell may leave,
 * is white space the lookup ignores). The documented `maxLength` is that limit.
 */
export const lookupText = (max: number) =>
  z
    .string()
    .refine((value) => value.trim().length <= max, `at most ${max} characters`)
    .superRefine((value, context) => oneLine(value.trim(), context))
    .meta({ maxLength: max });

/** Something besides white space. */
const NOT_BLANK = /\S/;

/**
 * A text field that may be cleared with null, kept as written: blank text (empty or only white space) counts as
 * null, and other text is stored untrimmed, since free text such as details or a description may start with an
 * indent or end with a newline on purpose.
 */
export const nullableTextAsWritten = (description: string, max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .superRefine(multiLine)
    .transform((value) => (NOT_BLANK.test(value) ? value : null))
    .nullable()
    .describe(`${description} Blank text means null; other text is kept as written.`);

/** A host name with at least one dot, an optional port, then the end or a path, query or fragment. */
const HOST_FIRST = /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/;

/**
 * True for a web address a client can open: an `http` or `https` URL, or one written without its scheme
 * (`acme.com/about`, `www.linkedin.com/company/acme`). Any other scheme (`javascript:`, `data:`) is not one:
 * a client that shows the field as a link would run or load it.
 */
export function isWebAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  return HOST_FIRST.test(text) || isHttpUrl(text);
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
}

/**
 * A text field that `normalize` checks and normalizes, given the trimmed text (held to `max`): its result is stored,
 * and null from it is a 400 with `problem(text)`. Blank text means null. One line.
 */
export const nullableCheckedText = (
  description: string,
  max: number,
  normalize: (text: string) => string | null,
  problem: (text: string) => string,
) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .superRefine(oneLine)
    .transform((text, context) => {
      if (!text) return null;
      const normalized = normalize(text);
      if (normalized === null) {
        context.addIssue({ code: "custom", message: problem(text) });
        return z.NEVER;
      }
      return normalized;
    })
    .nullable()
    .describe(description);

/** A web address (see `isWebAddress`), stored as written but trimmed; blank means null. */
export const nullableWebAddress = (description: string, max = MAX_WEB_ADDRESS_LENGTH) =>
  nullableCheckedText(
    `${description} An http(s) URL, or one without its scheme; other schemes are refused.`,
    max,
    (text) => (isWebAddress(text) ? text : null),
    (text) => `'${text.slice(0, 80)}' is not a web address: use an http(s) URL such as https://acme.com`,
  );


/** A calendar date `YYYY-MM-DD`, or null. */
export const nullableDate = (description: string) =>
  z
    .string()
    .superRefine(checkCalendarDate)
    .nullable()
    .describe(`${description} YYYY-MM-DD.`);

/**
 * A list of short labels; trimmed (then held to MAX_LABEL_LENGTH, one line), blanks dropped, duplicates (ignoring case
 * as the store's `tagKey` folds it: "İstanbul" and "istanbul", "Straße" and "STRASSE" are one) removed.
 */
export const labelList = (description: string, max = MAX_LABELS_PER_LIST) =>
  z
    .array(z.string().trim().max(MAX_LABEL_LENGTH, `each at most ${MAX_LABEL_LENGTH} characters`).superRefine(oneLine))
    .max(max, `at most ${max} items`)
    .transform((labels) => distinctTags(labels))
    .describe(`${description} At most ${max}; duplicates ignoring case are dropped.`);

/** A finite number, or null. */
export const nullableNumber = (description: string) => z.number().finite().nullable().describe(description);
