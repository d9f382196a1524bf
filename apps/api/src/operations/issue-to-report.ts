/**
 * @module
 * Which of a failed parse's issues to report, and how. zod lists a missing field before the unknown fields of the
 * same object, yet the two together are almost always one misspelt name (`start_at` sent for `starts_at`): the
 * unknown field's message says so (`did you mean 'starts_at'?`) and lists the accepted names. A field missing
 * alone is said to be required, rather than "received undefined", a value JSON does not have.
 */
import type { z } from "zod";
import { caseMeant } from "./case-meant.js";
import { readableIssue } from "./readable-issue.js";

type Issue = z.core.$ZodIssue;

/** The value at `path` inside `input`, or undefined when a step of the path is missing. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const samePath = (left: readonly PropertyKey[], right: readonly PropertyKey[]) =>
  left.length === right.length && left.every((key, index) => key === right[index]);

/** zod's message for a value of the wrong type or outside its options, cut to what was expected. */
const EXPECTED = /^Invalid (?:input|option): (expected .+?)(?:, received undefined)?$/;

/** `issue` for a field absent from its object: "required (expected string)". */
function requiredField(issue: Issue, input: unknown): Issue {
  const parent = valueAt(input, issue.path.slice(0, -1));
  if (issue.path.length === 0 || parent === null || typeof parent !== "object" || valueAt(input, issue.path) !== undefined) return issue;
  const expected = EXPECTED.exec(issue.message)?.[1];
  return expected ? { ...issue, message: `required (${expected})` } : issue;
}

/**
 * The issue to report for `input`, made readable (readable-issue.ts): the first one, unless it is a field missing
 * from an object that also holds unknown fields, whose issue is reported instead; a field missing alone is said to
 * be required, and a listed value sent in another case is told the value to send (case-meant.ts).
 *
 * @example
 * const issue = issueToReport(result.error.issues, body);
 */
export function issueToReport(issues: readonly Issue[], input: unknown): Issue | undefined {
  const [first] = issues;
  if (!first) return undefined;
  const missing = first.path.length > 0 && valueAt(input, first.path) === undefined;
  const parent = first.path.slice(0, -1);
  const unknown = missing ? issues.find((issue) => issue.code === "unrecognized_keys" && samePath(issue.path, parent)) : undefined;
  if (unknown) return unknown;
  const readable = readableIssue(first);
  return caseMeant(requiredField(readable, input), valueAt(input, readable.path));
}
