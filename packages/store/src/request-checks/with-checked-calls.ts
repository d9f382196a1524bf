/**
 * @module
 * Refuses a malformed call of a repository (a missing request, an unknown sort field, a bad page, a wrong type, a field
 * the call does not take) with an `InvalidInputError` naming the call and the argument's field, before the call runs
 * anything: no SQL, no write.
 */
import type { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { acceptedFields } from "./accepted-fields.js";
import type { CallShape } from "./call-shapes.js";
import { quickAcceptance, type QuickAcceptance } from "./quick-acceptance.js";

/** Calls that answer no promise: a refusal of theirs is thrown, not a rejected promise. */
export const SYNCHRONOUS_CALLS: ReadonlySet<string> = new Set([
  "apiKeys.noteUse",
  "interactions.all",
  "interactions.allOf",
  "graphs.hydrated",
  "graphs.loadedTenants",
  "graphs.apply",
  "graphs.evict",
  "graphs.capacity",
  "graphs.revision",
  "graphs.onHydrated",
]);

/** The arguments that are one record's fields (a create input, a patch, an import's outcome). */
const RECORD_ARGUMENTS = new Set(["input", "changes", "outcome"]);

/**
 * `request.filters.uuids[2]`: the argument's name, then the issue's path within it. A create input's, a patch's and an
 * outcome's fields are named alone (`"name"`, not `"input.name"`), as the repositories' own refusals of them are.
 */
function fieldOf(names: readonly string[], path: readonly PropertyKey[]): string {
  const [index, ...inside] = path;
  const argument = typeof index === "number" ? (names[index] ?? `argument ${index + 1}`) : "arguments";
  let field = RECORD_ARGUMENTS.has(argument) && inside.length > 0 ? "" : argument;
  for (const key of inside) field += typeof key === "number" ? `[${key}]` : field === "" ? String(key) : `.${String(key)}`;
  return field;
}

/** A value as a refusal quotes it: strings and arrays as JSON, everything else as JavaScript writes it. */
function quoted(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  tuple: "an array",
  function: "a function",
};

/** What is wrong with the field, as the store's other refusals word it (`"role" must be one of ...; got "owner"`). */
function complaintOf(issue: z.core.$ZodIssue): string {
  const got = "input" in issue ? `; got ${quoted(issue.input)}` : "";
  switch (issue.code) {
    case "invalid_type":
      if ("input" in issue && issue.input === undefined) return "is required";
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}${got}`;
    case "invalid_value":
      if ("input" in issue && issue.input === undefined) return `is required (one of ${issue.values.map(String).join(", ")})`;
      return `must be one of ${issue.values.map(String).join(", ")}${got}`;
    case "too_small":
      return `must be ${issue.inclusive ? `${String(issue.minimum)} or more` : `more than ${String(issue.minimum)}`}${got}`;
    case "too_big":
      return `must be ${issue.inclusive ? `${String(issue.maximum)} or less` : `less than ${String(issue.maximum)}`}${got}`;
    case "invalid_union":
      return `is none of the forms it may take${got}`;
    default:
      return `is invalid (${issue.message})${got}`;
  }
}

/** At most this many unknown fields are named; the others are counted. */
const NAMED_UNKNOWN_FIELDS = 5;

/**
 * `unknown field "request.filters.modifed_since" (request.filters takes uuids, modified_since, name, company_uuid)`:
 * each unknown field by its place in the arguments, then the fields the object takes.
 */
function unknownFieldsComplaint(shape: CallShape, issue: z.core.$ZodIssueUnrecognizedKeys): string {
  const named = issue.keys.slice(0, NAMED_UNKNOWN_FIELDS).map((key) => JSON.stringify(fieldOf(shape.names, [...issue.path, key])));
  const more = issue.keys.length > NAMED_UNKNOWN_FIELDS ? ` and ${issue.keys.length - NAMED_UNKNOWN_FIELDS} more` : "";
  const owner = fieldOf(shape.names, issue.path);
  const accepted = acceptedFields(shape.schema, issue.path);
  const takes = accepted.length > 0 ? ` (${owner === "" ? "it" : owner} takes ${accepted.join(", ")})` : "";
  return `unknown field${issue.keys.length > 1 ? "s" : ""} ${named.join(", ")}${more}${takes}`;
}

/**
 * The refusal of a call whose arguments do not have its shape, for an unknown field if there is one, else for the first
 * issue zod found. A field the call does not take is refused rather than ignored: a misspelt filter listed everything,
 * a misspelt input field was dropped.
 */
export function refusalOf(operation: string, shape: CallShape, error: z.ZodError): InvalidInputError {
  // An unknown field first, as the API's 400 does: `start_at` sent for `starts_at` is one misspelt name, not a
  // missing field beside an unknown one.
  const issue = error.issues.find((each) => each.code === "unrecognized_keys") ?? error.issues[0];
  if (issue === undefined) return new InvalidInputError(`${operation}: invalid arguments`);
  if (issue.code === "unrecognized_keys") return new InvalidInputError(`${operation}: ${unknownFieldsComplaint(shape, issue)}`);
  return new InvalidInputError(`${operation}: "${fieldOf(shape.names, issue.path)}" ${complaintOf(issue)}`);
}

/**
 * Why `args` do not have `shape` (zod's error, with each issue quoting the value it found), or null when they do. The
 * arguments are parsed without options first: any option (`reportInput` here) turns off zod's compiled check of
 * objects, several times slower (0.1 against 0.9 microseconds for two strings, 0.6 against 2 for a page request), and
 * a server makes several checked calls for every request; only a refusal, rare, parses again to quote what it got.
 */
export function shapeError(shape: CallShape, args: readonly unknown[]): z.ZodError | null {
  if (shape.schema.safeParse(args).success) return null;
  const reported = shape.schema.safeParse(args, { reportInput: true });
  return reported.success ? null : reported.error;
}

/**
 * Each call shape's quick acceptance, made once: a transaction's store wraps its repositories again, and what zod
 * accepted of a frozen record holds for every store.
 */
const quickAcceptances = new WeakMap<CallShape, QuickAcceptance>();

function quickAcceptanceOf(shape: CallShape): QuickAcceptance {
  let quick = quickAcceptances.get(shape);
  if (quick === undefined) {
    quick = quickAcceptance(shape.parameters);
    quickAcceptances.set(shape, quick);
  }
  return quick;
}

/**
 * The repository with each call checked against its shape in `shapes` first: arguments that do not fit are refused
 * with an `InvalidInputError` (a rejected promise, or thrown by the calls that answer none); those that fit are
 * passed on as they are. A check per call, whatever the rows it reads.
 *
 * @example const persons = withCheckedCalls("persons", createPersonRepository(context, graphs), REPOSITORY_CALL_SHAPES.persons);
 */
export function withCheckedCalls<Repository extends object>(
  name: string,
  repository: Repository,
  shapes: Readonly<Record<string, CallShape>> | undefined,
): Repository {
  const checked: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(repository)) {
    const shape = shapes?.[key];
    if (typeof member !== "function") {
      checked[key] = member;
      continue;
    }
    const operation = `${name}.${key}`;
    if (shape === undefined) throw new Error(`withCheckedCalls: ${operation} has no call shape`);
    const synchronous = SYNCHRONOUS_CALLS.has(operation);
    const quick = quickAcceptanceOf(shape);
    checked[key] = (...args: unknown[]) => {
      if (!quick.accepts(args)) {
        const error = shapeError(shape, args);
        if (error !== null) {
          const refusal = refusalOf(operation, shape, error);
          if (synchronous) throw refusal;
          return Promise.reject(refusal);
        }
        quick.remember(args);
      }
      return member.apply(repository, args);
    };
  }
  return checked as Repository;
}
