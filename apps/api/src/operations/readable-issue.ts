/**
 * @module
 * A zod issue as a client can act on it. zod reports a value that no alternative of a union takes as a bare
 * "Invalid input"; this explains it by the alternative the value's type matched (an attendee object with a
 * `response` it does not know: `attendees.0.response: Invalid option: ...`) or, when its type matched none, by the
 * types the alternatives expect (`Invalid input: expected string or object, received number`).
 */
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/**
 * An issue saying the value itself is of another type than the alternative takes. A number that is no integer is of
 * the type an integer alternative takes (zod raises `expected: "int"` only on a number): its issue explains the refusal.
 */
const isWrongTypeOfValue = (issue: Issue): boolean => issue.code === "invalid_type" && issue.path.length === 0 && issue.expected !== "int";

/**
 * `issue`, or for a union none of whose alternatives took the value, the issue that says why: the first issue of
 * the one alternative its type matched (with the path from the union's), else the expected types listed.
 *
 * @example
 * readableIssue(schema.safeParse(body).error!.issues[0]!).message;
 */
export function readableIssue(issue: Issue): Issue {
  if (issue.code !== "invalid_union") return issue;
  const alternatives = issue.errors.filter((issues) => issues.length > 0);
  const matched = alternatives.filter((issues) => !issues.every(isWrongTypeOfValue));
  if (matched.length === 1) {
    const inner = readableIssue(matched[0]!.find((candidate) => !isWrongTypeOfValue(candidate))!);
    return { ...inner, path: [...issue.path, ...inner.path] };
  }
  if (matched.length > 0 || alternatives.length === 0) return issue;
  const expected = [...new Set(alternatives.flat().flatMap((candidate) => (candidate.code === "invalid_type" ? [candidate.expected] : [])))];
  const received = /received (\w+)/.exec(alternatives[0]![0]!.message)?.[1];
  return { ...issue, message: `Invalid input: expected ${expected.join(" or ")}${received ? `, received ${received}` : ""}` };
}
