/**
 * @module
 * One item of a batch body, validated on its own: an invalid item parses to a value saying what is
 * wrong with it, so the handler reports that item as an ERROR and writes the others. The batch's
 * envelope (its array, the count of items) is still validated as a whole.
 */
import { z } from "zod";
import { cutName } from "../platform/errors/shown-name.js";
import { issueToReport } from "./issue-to-report.js";
import { issueMessage } from "./validate-input.js";

/** A batch item after validation: its parsed input, or what is wrong with it and the value sent. */
export type BatchItem<Input> = { ok: true; input: Input } | { ok: false; error: string; sent: unknown };

function describeIssues(schema: z.ZodType, issues: readonly z.core.$ZodIssue[], sent: unknown): string {
  const issue = issueToReport(issues, sent);
  if (!issue) return "invalid item";
  const path = issue.path.map((segment) => cutName(String(segment))).join(".");
  const message = issueMessage(schema, issue);
  return path ? `field '${path}': ${message}` : message;
}

/**
 * `schema` for one item of a batch array: parses to `{ ok: true, input }`, or, instead of failing
 * the batch, to `{ ok: false, error, sent }` with the first problem (`field 'person_uuid': ...`).
 *
 * @example
 * const body = z.strictObject({ items: z.array(batchItem(itemSchema)).min(1).max(100) });
 */
export function batchItem<Schema extends z.ZodType>(schema: Schema) {
  return schema
    .transform((input): BatchItem<z.output<Schema>> => ({ ok: true, input }))
    .catch(
      // `error.issues` carry their messages; the newer `issues` are not finalized yet at this point.
      (context): BatchItem<z.output<Schema>> => ({ ok: false, error: describeIssues(schema, context.error.issues, context.value), sent: context.value }),
    );
}
