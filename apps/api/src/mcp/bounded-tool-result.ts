/**
 * @module
 * A tool result kept to the size an agent's context takes. An answer whose JSON is over `TOOL_RESULT_BUDGET_BYTES`
 * and lists its records in a list the call can page through (a batch's `results`, one per `body.uuids` entry; a
 * page-numbered list's `items`) keeps the first records that fit, exactly as REST answers the smaller call (the first
 * uuids; a smaller `per_page`), and a `preview` first: how much was left out and the arguments that ask for the rest.
 * REST answers are unchanged.
 */
import type { McpTool } from "./mcp-tools.js";
import { bodyArgument, type ToolResult } from "./tool-request.js";

/**
 * The most bytes of JSON a tool result holds when its answer can be split: Claude Code gives its model a success result
 * of more than 50,000 characters as a file and a 2 KB preview, and refuses one of more than 25,000 tokens (about 75 KB of
 * UUID-heavy JSON); other hosts truncate or fail on a few hundred kilobytes. One record is kept whatever its size.
 */
export const TOOL_RESULT_BUDGET_BYTES = 50_000;

/** What a tool's arguments can ask less of in each record, said in the preview's note. */
export const LESS_PER_RECORD: Readonly<Record<string, string>> = {
  getPersonRecommendedPaths: "paths_per_item=1, priority_entries_per_item=0",
  getCompanyRecommendedPaths: "paths_per_item=1, priority_entries_per_item=0, top_external_contacts_limit=3, connectors_per_contact=1",
  batchPersonRecommendedPaths: "a smaller limit, paths_per_item=0, priority_entries_per_item=0",
  batchCompanyRecommendedPaths: "top_external_contacts_limit=1, connectors_per_contact=1, limit=1, paths_per_item=0, priority_entries_per_item=0, or include_items=false",
  batchPersonActivityStats: "fewer periods, no group_by",
};

/** The part of an answer kept, and the arguments of the call for the rest. */
interface Split {
  /** The answer with its first `kept` records, as REST answers the smaller call. */
  answer: (kept: number) => Record<string, unknown>;
  /** The arguments that ask for the records after the first `kept`. */
  rest: (kept: number) => Record<string, unknown>;
  /** Sizes the kept count may take (a page's must divide the records before it: `kept` is its `per_page`). */
  fits: (kept: number) => boolean;
  /** The records' name and what the kept ones are, for the note. */
  describe: (kept: number) => string;
  records: unknown[];
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A batch answering one result per `body.uuids` entry, in input order: the first results are the first uuids' answer. */
function batchSplit(args: Record<string, unknown>, answer: Record<string, unknown>): Split | null {
  const body = bodyArgument(args.body);
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { uuids } = body as { uuids?: unknown };
  const { results } = answer;
  if (!Array.isArray(uuids) || !Array.isArray(results) || results.length !== uuids.length || Object.keys(answer).length !== 1) return null;
  return {
    records: results,
    answer: (kept) => ({ results: results.slice(0, kept) }),
    rest: (kept) => ({ ...args, body: { ...(body as object), uuids: uuids.slice(kept) } }),
    fits: () => true,
    describe: (kept) => `results holds the answers to the first ${kept} of the ${uuids.length} uuids asked, as a call naming those alone answers`,
  };
}

/**
 * A page of a page-numbered list (no cursor asked): its first `kept` items are page `start / kept + 1` at `per_page`
 * `kept`, where `start` counts the items of the pages before, so `kept` divides it. The answer's `next_cursor` would
 * skip the items left out: it is null, and `has_more` true, which the server's instructions say to page with `page=`.
 */
function pageSplit(tool: McpTool, args: Record<string, unknown>, answer: Record<string, unknown>): Split | null {
  const { items, page, per_page: perPage } = answer;
  const takesPages = tool.route.queryParameters.includes("page") && tool.route.queryParameters.includes("per_page");
  const cursor = args.cursor;
  if (!takesPages || (cursor !== undefined && cursor !== null && cursor !== "")) return null;
  if (!Array.isArray(items) || !Number.isInteger(page) || !Number.isInteger(perPage)) return null;
  const start = ((page as number) - 1) * (perPage as number);
  return {
    records: items,
    answer: (kept) => ({ ...answer, items: items.slice(0, kept), page: start / kept + 1, per_page: kept, has_more: true, next_cursor: null }),
    rest: (kept) => {
      const { cursor: _none, ...others } = args;
      return { ...others, page: start / kept + 2, per_page: kept };
    },
    fits: (kept) => start % kept === 0,
    describe: (kept) => `items holds the first ${kept} of this page's ${items.length}, as page ${start / kept + 1} at per_page ${kept} answers`,
  };
}

/** The preview put first in a split answer. */
function previewOf(tool: McpTool, split: Split, kept: number, wholeBytes: number, budget: number) {
  const less = LESS_PER_RECORD[tool.name];
  return {
    complete: false,
    answer_bytes: wholeBytes,
    note:
      `The whole answer is ${wholeBytes} bytes, more than the ${budget} this server puts in one tool result: ${split.describe(kept)}. ` +
      `For the rest, call ${tool.name} with next_arguments${less ? `; to fit more in a call, ask less of each (${less})` : ""}.`,
    next_arguments: split.rest(kept),
  };
}

/**
 * `result` kept to `budget` bytes of JSON when its answer is a batch's results or a page-numbered list's items: the first
 * records that fit (at least one), with `preview` first, saying what was left out and the arguments for the rest.
 * Any other result, an error or one within the budget is returned as it is.
 *
 * @example
 * const result = boundedToolResult(tool, args, await toToolResult(response));
 */
export function boundedToolResult(tool: McpTool, args: Record<string, unknown>, result: ToolResult, budget = TOOL_RESULT_BUDGET_BYTES): ToolResult {
  const answer = result.structuredContent;
  const text = result.content[0]?.text ?? "";
  if (result.isError || answer === undefined || result.content.length !== 1 || Buffer.byteLength(text) <= budget) return result;
  const split = batchSplit(args, answer) ?? pageSplit(tool, args, answer);
  if (split === null || split.records.length < 2) return result;
  const wholeBytes = Buffer.byteLength(text);
  // The most records whose JSON, with the rest of the answer and the largest preview, fits; then fewer until one fits.
  const frame = bytesOf({ preview: previewOf(tool, split, 1, wholeBytes, budget), ...split.answer(0) }) + 16;
  let kept = 0;
  for (let size = frame; kept < split.records.length - 1; kept += 1) {
    size += bytesOf(split.records[kept]) + 1;
    if (size > budget) break;
  }
  for (kept = Math.max(1, kept); kept > 1 && !split.fits(kept); kept -= 1);
  let bounded = { preview: previewOf(tool, split, kept, wholeBytes, budget), ...split.answer(kept) };
  while (kept > 1 && bytesOf(bounded) > budget) {
    for (kept -= 1; kept > 1 && !split.fits(kept); kept -= 1);
    bounded = { preview: previewOf(tool, split, kept, wholeBytes, budget), ...split.answer(kept) };
  }
  return { ...result, content: [{ type: "text", text: JSON.stringify(bounded) }], structuredContent: bounded };
}
