/**
 * @module
 * A downloaded file as a tool result: its bytes as base64, and a text file's words as text a model can read, kept to the
 * size a tool result holds. The operation's bytes are sent whatever their stored type: a JSON file is a file too.
 */
import { TOOL_RESULT_BUDGET_BYTES } from "./bounded-tool-result.js";
import type { McpTool } from "./mcp-tools.js";
import { brokenAnswer, type ToolResult } from "./tool-request.js";

/** Stored types whose bytes are text: a model reads `content_text`, which it cannot do of base64. */
const TEXT_TYPE = /^\s*(text\/|application\/(json|xml|csv|x-ndjson|yaml|x-yaml|javascript|sql)\b|[^;,\s]+\+(json|xml)\b)/i;

/** The file's bytes as UTF-8 text, or null when its type is not text or its bytes are not UTF-8. */
function textOf(bytes: Buffer, contentType: string | null): string | null {
  if (contentType === null || !TEXT_TYPE.test(contentType)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** The first characters of `text` whose UTF-8 takes at most `bytes` bytes (never half a character). */
function startOf(text: string, bytes: number): string {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.byteLength <= bytes) return text;
  let end = Math.max(0, bytes);
  // A UTF-8 continuation byte (10xxxxxx) is the middle of a character: cut before the character starts.
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end -= 1;
  return encoded.subarray(0, end).toString("utf8");
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * A file answer as a tool result of at most `budget` bytes of JSON: `content_type`, `content_disposition` and
 * `size_bytes`, the bytes as `content_base64`, and for a text type in UTF-8 the same as `content_text`. What does not
 * fit is left out, base64 first, then the end of the text, and a `preview` says so: the whole file comes over REST
 * (`restCall`, such as `GET /v1/files/{uuid}/content`), which no tool call can ask a part of.
 *
 * @example
 * const result = fileToolResult(response.status, response.headers, bytes, { budget: 50_000, restCall: `GET /v1/files/${uuid}/content` });
 */
export function fileToolResult(status: number, headers: Headers, bytes: Buffer, { budget, restCall }: { budget: number; restCall: string }): ToolResult {
  const contentType = headers.get("content-type");
  const text = textOf(bytes, contentType);
  const described = { status, content_type: contentType, content_disposition: headers.get("content-disposition"), size_bytes: bytes.byteLength };
  const whole = { ...described, content_base64: bytes.toString("base64"), ...(text === null ? {} : { content_text: text }) };
  const wholeBytes = bytesOf(whole);
  if (wholeBytes <= budget) return resultOf(whole);
  const bytesOnly = { ...described, content_base64: whole.content_base64 };
  if (text === null && bytesOf(bytesOnly) <= budget) return resultOf(bytesOnly);
  const preview = (shown: string) => ({
    complete: false,
    answer_bytes: wholeBytes,
    note:
      `The file is ${bytes.byteLength} bytes, more than the ${budget} bytes of JSON this server puts in one tool result: ` +
      (text === null
        ? "its bytes are left out (no content_base64). "
        : `content_text holds its first ${Buffer.byteLength(shown)} bytes as text, and content_base64 is left out. `) +
      `The whole file is ${restCall} over REST, with an API key of the tenant: no tool call asks for a part of it.`,
  });
  if (text === null) return resultOf({ preview: preview(""), ...described });
  const frame = bytesOf({ preview: preview(text.slice(0, 1)), ...described, content_text: "" });
  // JSON escapes (quotes, backslashes, control characters) make the text longer than its bytes: shrink until it fits.
  let room = budget - frame;
  let shown = startOf(text, room);
  while (shown.length > 0 && bytesOf({ preview: preview(shown), ...described, content_text: shown }) > budget) {
    room -= Math.max(16, bytesOf(shown) - Buffer.byteLength(shown));
    shown = startOf(text, room);
  }
  return resultOf({ preview: preview(shown), ...described, content_text: shown });
}

function resultOf(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * The successful answer of a tool whose operation answers a file (`route.answersBytes`) as its tool result, within
 * `budget`; `args` name the file in the REST call the result points to for the whole of it.
 *
 * @example
 * if (tool.route.answersBytes && response.ok) return await fileAnswerResult(tool, args, response);
 */
export async function fileAnswerResult(tool: McpTool, args: Record<string, unknown>, response: Response, budget = TOOL_RESULT_BUDGET_BYTES): Promise<ToolResult> {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return brokenAnswer(response);
  }
  const path = tool.route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(args[name] ?? "")));
  return fileToolResult(response.status, response.headers, bytes, { budget, restCall: `${tool.route.method} ${path}` });
}
