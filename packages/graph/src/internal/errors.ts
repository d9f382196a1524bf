/** @module Error construction shared by every public function: the message names the function and quotes the bad value. */
import { GraphInputError } from "../graph-input-error.js";

/**
 * JSON writes NaN and ±Infinity as null and leaves out undefined: a refused `{ from: NaN }` read `{"from":null}`, a
 * value the check accepts. And it writes a Date as its ISO string: a refused `now: new Date()` read
 * `got ""2026-12-07T17:45:49.928Z""`, as though a string had been given. They are marked here, and the marks written
 * back as the values' own names (`NaN`, `Date(2026-12-07T17:45:49.928Z)`).
 */
function markUnwritten(this: unknown, key: string, value: unknown): unknown {
  const given = (this as Record<string, unknown>)[key];
  if (given instanceof Date) return `\u0000Date(${Number.isNaN(given.getTime()) ? "Invalid Date" : given.toISOString()})\u0000`;
  return value === undefined || (typeof value === "number" && !Number.isFinite(value)) ? `\u0000${String(value)}\u0000` : value;
}
const UNWRITTEN_MARK = /"\\u0000(NaN|-?Infinity|undefined|Date\([^)]*\))\\u0000"/g;

/**
 * Quotes a value for an error message without ever throwing itself.
 * @example quote("up"); // '"up"'
 */
export function quote(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
    return `"${String(value)}"`;
  }
  try {
    const text = JSON.stringify(value, markUnwritten)?.replace(UNWRITTEN_MARK, "$1");
    return text === undefined ? `"${String(value)}"` : `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`;
  } catch {
    return `"${Object.prototype.toString.call(value)}"`;
  }
}

/**
 * Builds the error thrown for invalid input, e.g.
 * `recommendedPaths: expecting "now" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "soon".`
 * @example throw invalidArgument("recommendedPaths", '"now" to be a finite number of epoch milliseconds', "soon");
 */
export function invalidArgument(functionName: string, expectation: string, value: unknown): GraphInputError {
  return new GraphInputError(functionName, `${functionName}: expecting ${expectation} but got ${quote(value)}.`, value);
}

/**
 * Builds the error thrown when the input is well formed but conflicts with the graph's state; `value` is the
 * conflicting value (an id, a uuid).
 * @example throw conflict("mergePersons", 'cannot merge person "ada" into itself.', "ada");
 */
export function conflict(functionName: string, message: string, value: unknown): GraphInputError {
  return new GraphInputError(functionName, `${functionName}: ${message}`, value);
}
