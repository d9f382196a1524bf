/**
 * @module
 * Input validation from an operation's zod schemas, with messages that say where and what: unknown
 * or repeated query parameters are rejected too, so a typo never silently widens a result.
 */
import { controlCharacterProblem, refusedCharacter } from "@rapport/store/vocabulary";
import { z } from "zod";
import { ApiError, badRequest } from "../platform/errors/api-error.js";
import { cutName, shownName, shownNames } from "../platform/errors/shown-name.js";
import { COMMA_SEPARATED_KEY, UUID_LIST_RECORDS_PARAM, uuidRecordsOf, type UuidListRecords } from "../platform/request/common-schemas.js";
import { holdsNulCharacter, NUL_CHARACTER_PROBLEM } from "../platform/request/nul-character.js";
import { changeFilterMeant } from "./change-filter-meant.js";
import { timeBoundMeant } from "./time-bound-meant.js";
import { searchWordMeant } from "./search-word-meant.js";
import { issueToReport, valueAt } from "./issue-to-report.js";
import { parsedForRefusal } from "./refusal-words.js";
import { knownFieldsAt, likelyMeant, schemaAt } from "./known-fields.js";
import { serverTimeHint } from "./server-time-hint.js";
import { uuidFinderHint, type UuidFinderHint } from "./uuid-finder-hint.js";

export type InputLocation = "path parameter" | "query parameter" | "body";

/**
 * An unknown field's message: which fields were not expected, the one likely meant, and the fields accepted there.
 * A few names are listed, each cut when long (shown-name.ts): the body's limit allows a key of a megabyte, or
 * sixty thousand keys, and a message naming them all was as large.
 */
function unknownFieldsMessage(schema: z.ZodType, issue: z.core.$ZodIssue & { code: "unrecognized_keys" }): string {
  const named = shownNames(issue.keys);
  const known = knownFieldsAt(schema, issue.path);
  if (known === null) return `unknown field${issue.keys.length > 1 ? "s" : ""} ${named}`;
  const meant = issue.keys.length === 1 ? likelyMeant(issue.keys[0]!, known) : null;
  return `unknown field${issue.keys.length > 1 ? "s" : ""} ${named}${meant ? ` (did you mean '${meant}'?)` : ""}; accepted here: ${known.join(", ")}`;
}

/** What `issue`, found parsing with `schema`, says; an unknown field's names the fields accepted there. */
export function issueMessage(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  return issue.code === "unrecognized_keys" ? unknownFieldsMessage(schema, issue) : issue.message;
}

/** `issue` as `path: message`, `whole` standing for the path of the value itself. */
function issueText(schema: z.ZodType, issue: z.core.$ZodIssue, whole: string): string {
  return `${issue.path.join(".") || whole}: ${issueMessage(schema, issue)}`;
}

/** The message of a value that is not a UUID where a person's, company's or user's goes. */
const NOT_A_UUID = "must be a UUID";

/** The refusal of a comma-separated list's item that is no UUID (`uuidListQuery`). */
const LIST_ITEM_NOT_A_UUID = /^'.*' is not a UUID$/s;

/** The kinds of record an `entity_type` names that a call finds by name, and the field name whose finder finds them. */
const FOUND_ENTITY_TYPES: Readonly<Record<string, string>> = { PERSON: "person_uuid", COMPANY: "company_uuid", OPPORTUNITY: "opportunity_uuid" };

/**
 * The name whose finder helps with a body's or query's UUID `issue` at a field named `name`: the kind the UUID's schema
 * is registered with (`uuidRecordsOf`: a batch's `uuids`), or the kind the `entity_type` beside an `entity_uuid` or
 * `entity_uuids` names (`{"entity_type": "PERSON", "entity_uuid": ...}`), else the field's own name.
 */
function namedUuidKind(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown, fieldPath: readonly PropertyKey[], name: string): string {
  const uuidSchema = schemaAt(schema, issue.path);
  const registered = uuidSchema === null ? undefined : uuidRecordsOf.get(uuidSchema)?.records;
  if (registered !== undefined) return `${registered}_uuid`;
  if (name !== "entity_uuid" && name !== "entity_uuids") return name;
  const entityType = (valueAt(input, fieldPath.slice(0, -1)) as { entity_type?: unknown } | undefined)?.entity_type;
  return (typeof entityType === "string" && Object.hasOwn(FOUND_ENTITY_TYPES, entityType) ? FOUND_ENTITY_TYPES[entityType] : undefined) ?? name;
}

/**
 * The name whose UUID finder (`uuidFinderHint`) helps with `issue`, a value that is no UUID (in `schema`): the
 * parameter's own (`person_uuid`, a list of them too), the kind a body's list or an `entity_type` beside it names
 * (`namedUuidKind`), or for a comma-separated list that holds another kind (`uuids`) that kind's, read from the
 * argument naming it where it has one (`entity=person`). Null for any other issue.
 */
function uuidFinderName(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown): string | null {
  // An item of a list is the list's: `uuids.0` is a `uuids` item.
  const fieldPath = typeof issue.path.at(-1) === "number" ? issue.path.slice(0, -1) : issue.path;
  const name = fieldPath.at(-1);
  if (typeof name !== "string") return null;
  if (issue.message === NOT_A_UUID) return namedUuidKind(schema, issue, input, fieldPath, name);
  if (issue.code !== "custom" || !LIST_ITEM_NOT_A_UUID.test(issue.message)) return null;
  const records = issue.params?.[UUID_LIST_RECORDS_PARAM] as UuidListRecords | undefined;
  if (records === undefined) return name;
  if (typeof records === "string") return `${records}_uuid`;
  const kind = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[records.kindIn] : undefined;
  return kind === "person" || kind === "company" ? `${kind}_uuid` : null;
}

/**
 * The hint for `issue`, found parsing `input` with `schema`: the call that finds the UUID a name was sent for
 * (`uuidFinderHint`), or where the server's current time is for a date given as a word (`serverTimeHint`); or null.
 * What a 400 and a batch item's error (batch-item.ts) append to their words.
 */
export function issueHint(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown): UuidFinderHint | null {
  const finderName = uuidFinderName(schema, issue, input);
  return finderName !== null ? uuidFinderHint(finderName) : serverTimeHint(issue.message);
}

/**
 * A refusal's words for a REST call and for an MCP tool call, whose client sends JSON arguments: no URL, no request
 * body of its own, no headers.
 */
export interface RefusalWords {
  rest: string;
  tool: string;
}

/**
 * Where a refused value was sent, as a refusal names it (`name` its path there; empty for the whole value): over REST
 * its place in the request (`query parameter 'since'`, `body`), for a tool call the argument (`argument 'since'`,
 * `argument 'body'`). A body's field keeps its words: the tool's `body` argument holds it as the request body did.
 */
function placeOf(location: InputLocation, name: string): RefusalWords {
  if (location === "body") return name ? { rest: `body field '${name}'`, tool: `body field '${name}'` } : { rest: "body", tool: "argument 'body'" };
  return { rest: `${location} '${name}'`, tool: name ? `argument '${name}'` : "arguments" };
}

/** The 400 of `words` said after `place`: in its REST words, and for a tool call in its argument's. */
function refusalAt(place: RefusalWords, words: string): ApiError {
  return place.tool === place.rest ? badRequest(`${place.rest}${words}`) : badRequest(`${place.rest}${words}`, `${place.tool}${words}`);
}

/**
 * The 400 refusing `issue` (in `input`) in the words of `text` (REST's and a tool call's), with the call that helps where
 * there is one: a person, company or user parameter given something other than a UUID (a name, often) is told which call
 * finds the UUID, and a date given a word ("yesterday") where the server's current time is; by tool names (those the
 * client has) for a tool call.
 */
function refusalOf(schema: z.ZodType, text: RefusalWords, issue: z.core.$ZodIssue, input: unknown): ApiError {
  const hint = issueHint(schema, issue, input);
  if (hint) return badRequest(`${text.rest}; ${hint.rest}`, (hasTool) => `${text.tool}; ${hint.tool(hasTool)}`);
  return text.tool === text.rest ? badRequest(text.rest) : badRequest(text.rest, text.tool);
}

/**
 * The 400 for the issue of `error` (parsing `input`) that `parseInput` would report, as `path: message` (`whole`
 * standing for the path of the value itself), in the same words (refusal-words.ts) and with the hints `parseInput` gives:
 * for inputs parsed outside it, such as an upload's form fields. A field left out reads `required (...)`, as a body's does.
 */
export function firstIssueRefusal(schema: z.ZodType, error: z.ZodError, whole: string, input: unknown): ApiError {
  const issue = issueToReport(parsedForRefusal(schema, input).error?.issues ?? error.issues, input);
  if (!issue) return badRequest(`invalid ${whole}`);
  const text = issueText(schema, issue, whole);
  return refusalOf(schema, { rest: text, tool: text }, issue, undefined);
}

/** `issue`, sent as `location`, as `<place>: <message>` in REST's words and a tool call's (placeOf). */
function describeIssue(schema: z.ZodType, location: InputLocation, issue: z.core.$ZodIssue): RefusalWords {
  const place = placeOf(location, issue.path.map((segment) => cutName(String(segment))).join("."));
  const message = issueMessage(schema, issue);
  return { rest: `${place.rest}: ${message}`, tool: `${place.tool}: ${message}` };
}

/**
 * Parses `input` with `schema`, or throws a 400 naming the first problem; a person, company or user parameter given
 * something other than a UUID (a name, often) is told which call finds the UUID, and a date filter given a word
 * ("yesterday") where the server's current time is (refusalOf).
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  location: InputLocation,
): z.output<Schema> {
  // Parsed without options first: any (here the error map) turns off zod's compiled check of objects, ten times
  // slower, on every request; only a refusal parses again for its words.
  const fast = schema.safeParse(input);
  if (fast.success) return fast.data;
  const result = parsedForRefusal(schema, input);
  if (result.success) return result.data;
  const issue = issueToReport(result.error.issues, input);
  if (!issue) throw badRequest(`${location}: invalid`);
  throw refusalOf(schema, describeIssue(schema, location, issue), issue, input);
}

/**
 * What to send instead of a parameter given more than once: once, and for a comma-separated one (`uuids`) its values
 * joined, which is what a client sending `uuids=a&uuids=b` (Python's requests does for a list) meant.
 */
function repeatedAdvice(schema: z.ZodObject<z.ZodRawShape> | undefined, name: string): string {
  const text = schema === undefined ? null : schemaAt(schema, [name]);
  const commaSeparated = text !== null && z.globalRegistry.get(text)?.[COMMA_SEPARATED_KEY] === true;
  return commaSeparated ? `give it once, its values comma-separated (${name}=a,b)` : "give it once";
}

/**
 * Collects query parameters, rejecting names the operation does not take (with the operation's `advice` for such a
 * name, else the parameter likely meant), repeated names and control characters (NUL with its own words). A tool
 * call's refusal names its arguments (`toolArguments`, all the tool takes: its path, query and body ones).
 */
export function collectQuery(
  schema: z.ZodObject<z.ZodRawShape> | undefined,
  queries: Record<string, string[]>,
  advice: Readonly<Record<string, string>> = {},
  toolArguments: readonly string[] = Object.keys(schema?.shape ?? {}),
): Record<string, string> {
  const known = new Set(Object.keys(schema?.shape ?? {}));
  const collected: Record<string, string> = {};
  for (const [name, values] of Object.entries(queries)) {
    if (!known.has(name)) {
      const accepted = [...known].join(", ") || "none";
      const advised = Object.hasOwn(advice, name.toLowerCase()) ? advice[name.toLowerCase()] : undefined;
      const meant = advised ? null : (likelyMeant(name, [...known]) ?? changeFilterMeant(name, [...known]) ?? timeBoundMeant(name, [...known]) ?? searchWordMeant(name, [...known]));
      const aside = advised ? ` (${advised})` : meant ? ` (did you mean '${meant}'?)` : "";
      throw badRequest(
        `unknown query parameter ${shownName(name)}${aside}; this operation accepts: ${accepted}`,
        `unknown argument ${shownName(name)}${aside}; this tool takes: ${toolArguments.join(", ") || "none"}`,
      );
    }
    const place = placeOf("query parameter", name);
    if (values.length > 1) throw refusalAt(place, ` is given ${values.length} times; ${repeatedAdvice(schema, name)}`);
    if (holdsNulCharacter(values[0] ?? "")) throw refusalAt(place, `: ${NUL_CHARACTER_PROBLEM}`);
    // A filter is one line, as the text it compares with is: one holding a control character matches nothing
    // stored since the rule, and would be quoted back in messages. White space around it is trimmed as before.
    const codePoint = refusedCharacter((values[0] ?? "").trim(), "one line");
    if (codePoint !== null) throw refusalAt(place, `: ${controlCharacterProblem(codePoint)}`);
    collected[name] = values[0] ?? "";
  }
  return collected;
}
