/**
 * @module
 * One item of a batch body, validated on its own: an invalid item parses to a value saying what is
 * wrong with it, so the handler reports that item as an ERROR and writes the others. The batch's
 * envelope (its array, the count of items) is still validated as a whole. An item's error has the hints a 400 has
 * (a name sent for a UUID is told the call that finds it), in tool names for an MCP tool call.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { HasTool } from "../platform/errors/api-error.js";
import { cutName } from "../platform/errors/shown-name.js";
import { toolCallTools } from "../platform/request/tool-call-bindings.js";
import { issueToReport } from "./issue-to-report.js";
import { parsedForRefusal } from "./refusal-words.js";
import { issueHint, issueMessage } from "./validate-input.js";

/** What is wrong with an invalid item: in REST words, and in the words of a tool call's client (naming its tools). */
export interface ItemProblem {
  error: string;
  toolError: (hasTool: HasTool) => string;
}

/** A batch item after validation: its parsed input, or what is wrong with it and the value sent. */
export type BatchItem<Input> = { ok: true; input: Input } | ({ ok: false; sent: unknown } & ItemProblem);

/** What is wrong with `sent`, an item `schema` refused with `issues`: the issue to report, in the house's words (refusal-words.ts). */
function describeIssues(schema: z.ZodType, issues: readonly z.core.$ZodIssue[], sent: unknown): ItemProblem {
  // The batch was parsed without the error map (validate-input.ts says why): the refused item is parsed again with it.
  const issue = issueToReport(parsedForRefusal(schema, sent).error?.issues ?? issues, sent);
  if (!issue) return { error: "invalid item", toolError: () => "invalid item" };
  const path = issue.path.map((segment) => cutName(String(segment))).join(".");
  const message = issueMessage(schema, issue);
  const text = path ? `field '${path}': ${message}` : message;
  const hint = issueHint(schema, issue, sent);
  return hint ? { error: `${text}; ${hint.rest}`, toolError: (hasTool) => `${text}; ${hint.tool(hasTool)}` } : { error: text, toolError: () => text };
}

/**
 * The `error` of an invalid item's result: its REST words, or for an MCP tool call (`http` its inner request) the
 * words that name the tools its client has.
 *
 * @example
 * results.push({ index, status: "ERROR", error: itemError(item, http) });
 */
export function itemError(problem: ItemProblem, http: Context): string {
  const hasTool = toolCallTools(http);
  return hasTool === null ? problem.error : problem.toolError(hasTool);
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
      (context): BatchItem<z.output<Schema>> => ({ ok: false, ...describeIssues(schema, context.error.issues, context.value), sent: context.value }),
    );
}
