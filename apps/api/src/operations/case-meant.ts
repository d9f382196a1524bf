/**
 * @module
 * The one rule for enumerated values (`order`, `sort_by`, `entity_type`, `stage_type`, booleans' `true`): each is
 * taken exactly as its schema lists it, in a query, a body or a tool argument, so the OpenAPI document's and the MCP
 * tools' `enum` (case-sensitive, as JSON Schema's is) say what the server takes. A value that is a listed one in
 * another case (`order=ASC`) is refused with the value to send, not as an unknown option.
 */
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** Shown of a sent value: enough to recognise it. */
const SHOWN_LENGTH = 40;

/**
 * `issue`, or for `sent` (the value at its path) refused by an enumeration it is in another case of, an issue saying the
 * value to send.
 *
 * @example
 * caseMeant(orderIssue, "ASC").message; // "values are case-sensitive: send 'asc' for 'ASC'"
 */
export function caseMeant(issue: Issue, sent: unknown): Issue {
  if (issue.code !== "invalid_value") return issue;
  if (typeof sent !== "string") return issue;
  const folded = sent.trim().toLowerCase();
  const meant = issue.values.find((value) => typeof value === "string" && value.toLowerCase() === folded);
  if (meant === undefined || meant === sent) return issue;
  return { ...issue, message: `values are case-sensitive: send '${String(meant)}' for '${sent.slice(0, SHOWN_LENGTH)}'` };
}
