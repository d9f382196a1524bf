/**
 * @module
 * Zod building blocks shared by operations: UUID path parameters, comma-separated UUID lists,
 * ISO 8601 dates, booleans in query strings. Each carries the description the OpenAPI document and
 * MCP tool schemas show.
 */
import { z } from "zod";
import { MAX_QUERY_UUIDS } from "./count-limits.js";
import { parseIsoTimestamp, parseIsoWindowEnd } from "./iso-timestamp.js";
import { UUID_PATTERN } from "./uuid-pattern.js";
import { epochMillisecondsHint } from "./epoch-milliseconds-hint.js";

/** Characters a UUID of a comma-separated list may take: its 36, a comma and room for spaces around them. */
const QUERY_UUID_ITEM_LENGTH = 40;

/** A UUID in a path or query; normalized to lower case. */
export const uuidString = (description: string) =>
  z
    .string()
    .regex(UUID_PATTERN, "must be a UUID")
    .transform((value) => value.toLowerCase())
    .describe(description);

/**
 * Metadata of a query parameter that takes comma-separated values (`.meta(COMMA_SEPARATED)` on its text): the
 * OpenAPI document shows it as the `x-comma-separated` extension, and its MCP tool argument also takes a list
 * of strings, which the call joins with commas.
 */
export const COMMA_SEPARATED_KEY = "x-comma-separated";
export const COMMA_SEPARATED = { [COMMA_SEPARATED_KEY]: true } as const;

/**
 * The records a comma-separated UUID list holds, where its name does not say (`uuids`): a kind, or the argument
 * naming the kind (`{ kindIn: "entity" }`). Its refusal of a value that is no UUID, often a name, then says which call
 * finds the UUID by name (`validate-input.ts`).
 */
export type UuidListRecords = "person" | "company" | "user" | { kindIn: string };

/** Where the refusal of a list item that is no UUID carries the list's records (a zod custom issue's `params`). */
export const UUID_LIST_RECORDS_PARAM = "uuidListRecords";

/**
 * The records a UUID schema of a body names where its field does not say (a batch's `uuids` items), for the refusal
 * of a value that is no UUID (`validate-input.ts`). A registry of its own: the documents do not show it.
 */
export const uuidRecordsOf = z.registry<{ records: "person" | "company" | "user" }>();

/**
 * Comma-separated UUIDs in a query string, at most `max`; empty items are ignored. Repeats are dropped (a filter), or
 * with `keepRepeats` kept in place, for an answer that gives every input its entry. With `nonEmpty`, a value naming no
 * UUID (empty, or only commas) is refused: for a filter, where it would match nothing and read as "none there".
 */
export const uuidListQuery = (
  description: string,
  { max = MAX_QUERY_UUIDS, records, keepRepeats = false, nonEmpty = false }: { max?: number; records?: UuidListRecords; keepRepeats?: boolean; nonEmpty?: boolean } = {},
) =>
  z
    .string()
    .max(max * QUERY_UUID_ITEM_LENGTH)
    .meta(COMMA_SEPARATED)
    .transform((value, context) => {
      const items = value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      if (nonEmpty && items.length === 0) {
        context.addIssue({ code: "custom", message: "names no UUID: send at least one, or leave it out" });
        return z.NEVER;
      }
      if (items.length > max) {
        context.addIssue({ code: "custom", message: `at most ${max} UUIDs, got ${items.length}` });
        return z.NEVER;
      }
      const bad = items.find((item) => !UUID_PATTERN.test(item));
      if (bad !== undefined) {
        context.addIssue({ code: "custom", message: `'${bad.slice(0, 60)}' is not a UUID`, ...(records ? { params: { [UUID_LIST_RECORDS_PARAM]: records } } : {}) });
        return z.NEVER;
      }
      const lowerCase = items.map((item) => item.toLowerCase());
      return keepRepeats ? lowerCase : [...new Set(lowerCase)];
    })
    .describe(`${description} Comma-separated, at most ${max}.`);

/** A date-time whose `+hh:mm` offset lost its `+`: a URL query decodes an unencoded `+` as a space. */
const plusSentUnencoded = (value: string) => /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)? \d{2}(?::?\d{2})?$/.test(value);
/** What a date-time whose offset lost its `+` in a URL query is told to do; a tool call's error says it for JSON (mcp/tool-argument-advice.ts). */
export const PLUS_AS_SPACE_URL_ADVICE = "its '+' arrived as a space, as an unencoded '+' in a URL query does; send it as %2B, or use Z";
const PLUS_HINT = `: ${PLUS_AS_SPACE_URL_ADVICE}`;

/**
 * An ISO 8601 date or date-time in a query string, as epoch milliseconds. With `endOfDay`, a date
 * alone stands for the last millisecond of that day (UTC): an inclusive upper bound.
 */
export const isoTimestampQuery = (description: string, options: { endOfDay?: boolean } = {}) =>
  z
    .string()
    .transform((value, context) => {
      const time = options.endOfDay ? parseIsoWindowEnd(value) : parseIsoTimestamp(value);
      if (time === null) {
        const hint = plusSentUnencoded(value) ? PLUS_HINT : epochMillisecondsHint(value);
        context.addIssue({ code: "custom", message: `'${value.slice(0, 60)}' is not an ISO 8601 date or date-time${hint}` });
        return z.NEVER;
      }
      return time;
    })
    .describe(`${description} ISO 8601 date (YYYY-MM-DD) or date-time; without a zone, UTC.`);

/** `true`/`false` (or 1/0) in a query string. */
export const booleanQuery = (description: string) =>
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false (or 1 or 0)" })
    .transform((value) => value === "true" || value === "1")
    .describe(description);

/** Epoch-millisecond timestamp field in a response. */
export const epochMilliseconds = (description: string) =>
  z.number().int().describe(`${description} Unix epoch milliseconds.`);
