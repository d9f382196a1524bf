/**
 * @module
 * Which of a failed parse's issues to report. zod lists a missing field before the unknown fields of the same
 * object, yet the two together are almost always one misspelt name (`start_at` sent for `starts_at`): the unknown
 * field's message says so (`did you mean 'starts_at'?`) and lists the accepted names, where the missing field's
 * says only that something was undefined.
 */
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** The value at `path` inside `input`, or undefined when a step of the path is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const samePath = (left: readonly PropertyKey[], right: readonly PropertyKey[]) =>
  left.length === right.length && left.every((key, index) => key === right[index]);

/**
 * The issue to report for `input`: the first one, unless it is a field missing from an object that also holds
 * unknown fields, whose issue is reported instead.
 *
 * @example
 * const issue = issueToReport(result.error.issues, body);
 */
export function issueToReport(issues: readonly Issue[], input: unknown): Issue | undefined {
  const [first] = issues;
  if (!first || first.path.length === 0 || valueAt(input, first.path) !== undefined) return first;
  const parent = first.path.slice(0, -1);
  return issues.find((issue) => issue.code === "unrecognized_keys" && samePath(issue.path, parent)) ?? first;
}
