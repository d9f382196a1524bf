/**
 * @module
 * A tool call as an HTTP request to its operation, and the operation's response as a tool result.
 * Arguments are not validated here: the operation validates them as it validates any REST call, so
 * the messages an agent reads are the REST ones (naming its arguments: validate-input.ts), but for arguments the REST message would misname (a body field
 * given flat, an argument of a tool whose operation takes no query parameters).
 */
import { IDEMPOTENCY_KEY_ARGUMENT, IDEMPOTENCY_KEY_HEADER, isAcceptableIdempotencyKey, MAX_IDEMPOTENCY_KEY_LENGTH } from "../operations/idempotent-writes.js";
import { likelyMeant } from "../operations/known-fields.js";
import { uuidFinderHint } from "../operations/uuid-finder-hint.js";
import type { HasTool } from "../platform/errors/api-error.js";
import { shownName } from "../platform/errors/shown-name.js";
import { UUID_PATTERN } from "../platform/request/uuid-pattern.js";
import { isBase64Text } from "./base64-text.js";
import { BODY_ARGUMENT, type McpTool } from "./mcp-tools.js";

/** The result shape of `tools/call` (MCP), as this bridge fills it. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Query-string text of an argument: strings as they are, numbers and booleans printed, lists comma-joined. A whole
 * number is written out in digits (`1e21` as 1 and 21 zeros), as a REST client would send it, so that `page` is clamped
 * as over REST rather than refused as the text `1e+21`.
 */
function queryText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value).toString();
  if (Array.isArray(value)) return value.map(queryText).join(",");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * Builds the REST request for a call. Path arguments fill the path; a write tool's `idempotency_key` goes in the
 * `Idempotency-Key` header; every other argument except `body` goes to the query string (in name order: the same
 * arguments in another order are the same request to a key), where the operation rejects names it does not take (so a typo
 * gets the REST message naming the accepted parameters). A field of the request body given as a flat
 * argument is refused here instead, with a message that points at `body`, and so is any other argument of a tool whose
 * operation takes no query parameters (its REST message would say it accepts "none"), naming the tool's arguments. `hasTool` (the client's tool selection) is
 * for the hint of a missing UUID argument whose value came under another name: it names only tools the client has.
 */
export function buildToolRequest(
  tool: McpTool,
  args: Record<string, unknown>,
  baseUrl: string,
  headers: Record<string, string>,
  hasTool: HasTool = () => true,
): Request | { error: string } {
  const { route } = tool;
  let problem: string | null = null;
  let missing: string | null = null;
  const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = args[name];
    if (value === undefined || value === null || value === "") {
      missing ??= name;
      problem ??= `argument '${name}' is required: ${tool.name} needs it for ${route.method} ${route.path}`;
      return "";
    }
    const text = queryText(value);
    // A dot segment would be resolved away by the URL parser and reach another path.
    if (text === "." || text === "..") problem ??= `argument '${name}' must not be '${text}'`;
    return encodeURIComponent(text);
  });
  if (problem !== null) {
    // An agent that sent the UUID under another name (`uuid`, `id`) should read that this name is not taken.
    const untaken = Object.keys(args).filter((name) => !takesArgument(tool, name));
    const quoted = untaken.map((name) => `'${name}'`).join(", ");
    // One sent a name where the UUID goes (`name: "Jordan Blake"`), and no UUID under another name: say which call
    // turns the name into the UUID.
    const texts = untaken.flatMap((name) => (typeof args[name] === "string" ? [(args[name] as string).trim()] : []));
    const heldName = texts.length > 0 && !texts.some((text) => UUID_PATTERN.test(text));
    const hint = heldName && missing !== null ? uuidFinderHint(missing) : null;
    const named = untaken.length === 0 ? problem : `${problem}; ${quoted} ${untaken.length === 1 ? "is not an argument" : "are not arguments"} of ${tool.name}`;
    return { error: hint ? `${named}; ${hint.tool(hasTool)}` : named };
  }

  const misplaced = Object.keys(args).filter(
    (name) => route.bodyFields.includes(name) && !route.pathParameters.includes(name) && !route.queryParameters.includes(name),
  );
  if (misplaced.length > 0) return { error: misplacedBodyFieldsMessage(tool.name, misplaced) };
  // Without query parameters the operation would refuse another argument as an unknown query parameter, of which it
  // "accepts: none": the tool's own arguments are what to send instead.
  if (route.queryParameters.length === 0) {
    const unknown = Object.keys(args).filter((name) => !takesArgument(tool, name) && args[name] !== undefined && args[name] !== null);
    if (unknown.length > 0) return { error: unknownArgumentsMessage(tool, unknown) };
  }

  const key = route.takesIdempotencyKey ? args[IDEMPOTENCY_KEY_ARGUMENT] : undefined;
  if (key !== undefined && key !== null && (typeof key !== "string" || !isAcceptableIdempotencyKey(key.trim()))) {
    return {
      error: `argument '${IDEMPOTENCY_KEY_ARGUMENT}' must be text of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters without commas: a new UUID for each write, sent again only when calling again after a lost result`,
    };
  }

  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (route.pathParameters.includes(name) || (name === BODY_ARGUMENT && route.hasBody)) continue;
    if (name === IDEMPOTENCY_KEY_ARGUMENT && route.takesIdempotencyKey) continue;
    if (value === undefined || value === null) continue;
    search.set(name, queryText(value));
  }
  search.sort();
  const query = search.toString();
  const requestHeaders = new Headers(headers);
  // The key the operation keeps the answer under, for this tool call's caller (the MCP request's key and user).
  if (typeof key === "string") requestHeaders.set(IDEMPOTENCY_KEY_HEADER, key.trim());
  let body: string | FormData | undefined;
  if (route.multipartFields) {
    const form = toFormData(route.multipartFields, bodyArgument(args[BODY_ARGUMENT]));
    if ("error" in form) return form;
    body = form.form;
  } else if (route.hasBody && args[BODY_ARGUMENT] !== undefined) {
    body = JSON.stringify(bodyArgument(args[BODY_ARGUMENT]));
    requestHeaders.set("content-type", "application/json");
  }
  return new Request(`${baseUrl}${path}${query ? `?${query}` : ""}`, { method: route.method, headers: requestHeaders, body });
}

/**
 * The request with its body's length declared, as a client over HTTP declares it: an upload of no declared length
 * holds the whole upload limit of the server's upload space while it is read (a multipart `FormData` body has none).
 */
export async function withDeclaredLength(request: Request): Promise<Request> {
  if (request.body === null || request.headers.has("content-length")) return request;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const headers = new Headers(request.headers);
  headers.set("content-length", String(bytes.byteLength));
  return new Request(request.url, { method: request.method, headers, body: bytes });
}

/**
 * The `body` argument as the operation takes it. Agents often send an object as its JSON text: text that parses to
 * an object or a list is taken as that value; any other value goes on as it is, for the operation's own message.
 */
export function bodyArgument(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? parsed : value;
  } catch {
    return value;
  }
}

/** Whether `name` is an argument of `tool`: a path or query parameter, its `body`, or a write's `idempotency_key`. */
function takesArgument(tool: McpTool, name: string): boolean {
  const { route } = tool;
  return (
    route.pathParameters.includes(name) ||
    route.queryParameters.includes(name) ||
    (name === BODY_ARGUMENT && route.hasBody) ||
    (name === IDEMPOTENCY_KEY_ARGUMENT && route.takesIdempotencyKey)
  );
}

/** Arguments a tool without query parameters does not take, with the ones it takes (and the one likely meant). */
function unknownArgumentsMessage(tool: McpTool, names: string[]): string {
  const { route } = tool;
  const takes = [...route.pathParameters, ...route.queryParameters, ...(route.hasBody ? [BODY_ARGUMENT] : []), ...(route.takesIdempotencyKey ? [IDEMPOTENCY_KEY_ARGUMENT] : [])];
  const quoted = names.map((name) => shownName(name)).join(", ");
  const meant = names.length === 1 ? likelyMeant(names[0]!, takes) : null;
  const subject = names.length === 1 ? `argument ${quoted} is not an argument` : `arguments ${quoted} are not arguments`;
  return `${subject} of ${tool.name}${meant ? ` (did you mean '${meant}'?)` : ""}; it takes: ${takes.join(", ") || "none"}`;
}

/** The fields of a file part in a tool's arguments. */
const FILE_PART_FIELDS = ["filename", "content_type", "content_base64"];

/**
 * Body fields given as flat arguments: the REST message would call them unknown query parameters, which
 * names neither the mistake nor the fix.
 */
function misplacedBodyFieldsMessage(toolName: string, names: string[]): string {
  const quoted = names.map((name) => `'${name}'`).join(", ");
  const shape = names.map((name) => `"${name}": ...`).join(", ");
  return names.length === 1
    ? `argument ${quoted} is a field of ${toolName}'s request body: send it inside the 'body' argument, as {"body": {${shape}}}`
    : `arguments ${quoted} are fields of ${toolName}'s request body: send them inside the 'body' argument, as {"body": {${shape}}}`;
}

/** The `body` argument of a multipart operation as form data; file parts decoded from base64. */
function toFormData(fields: Record<string, "file" | "text">, value: unknown): { form: FormData } | { error: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { error: "argument 'body' must be an object with the upload's form fields" };
  }
  const form = new FormData();
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === undefined || field === null) continue;
    if (fields[name] !== "file") {
      // A list is the field repeated, a value each (the operation refuses a list for a field it takes once).
      for (const entry of Array.isArray(field) ? field : [field]) form.append(name, typeof entry === "object" ? JSON.stringify(entry) : String(entry));
      continue;
    }
    const file = field as { filename?: unknown; content_type?: unknown; content_base64?: unknown };
    if (typeof file !== "object" || typeof file.filename !== "string" || typeof file.content_base64 !== "string") {
      return { error: `body field '${name}' must be {filename, content_type, content_base64}` };
    }
    const unknown = Object.keys(file).filter((key) => !FILE_PART_FIELDS.includes(key));
    if (unknown.length > 0) return { error: `body field '${name}': unknown field ${shownName(unknown[0]!)}; accepted here: ${FILE_PART_FIELDS.join(", ")}` };
    // Decoded leniently, damaged base64 would be uploaded as other bytes.
    if (!isBase64Text(file.content_base64)) return { error: `body field '${name}.content_base64' is not base64: send the file's bytes base64-encoded` };
    const type = typeof file.content_type === "string" ? file.content_type : "application/octet-stream";
    form.set(name, new File([Buffer.from(file.content_base64, "base64")], file.filename, { type }));
  }
  return { form };
}

const isJsonType = (contentType: string | null) => contentType === null || /^application\/([\w.+-]*\+)?json\b/i.test(contentType);

/**
 * A body that failed while it was read: a streamed list whose later part failed after the status was sent.
 * Over REST the connection is cut; here the call is a tool error, and nothing of the answer is passed on.
 */
export function brokenAnswer(response: Response): ToolResult {
  const requestId = response.headers.get("x-request-id");
  const error = `the answer failed after its first part was sent; nothing of it is usable: call the tool again${requestId ? `, and quote request id ${requestId} if it fails again` : ""}`;
  return { content: [{ type: "text", text: `HTTP 500: ${error}` }], structuredContent: { status: 500, error }, isError: true };
}

/**
 * A refused call as a tool error: `HTTP <status>: <message>`, and as structured content `{status, error}` with
 * `retry_after_seconds` when the refusal says when to try again (a 429, a 503). The MCP answer carrying it is a 200,
 * which gives a `Retry-After` header no meaning, so the wait travels in the result, where an agent reads it.
 */
export function toolError(status: number, message: string, retryAfter?: string | null): ToolResult {
  const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
  return {
    content: [{ type: "text", text: `HTTP ${status}: ${message}` }],
    structuredContent: { status, error: message, ...(Number.isInteger(seconds) ? { retry_after_seconds: seconds } : {}) },
    isError: true,
  };
}

/**
 * The operation's answer as a tool result: JSON as structured content and text; bytes as base64; errors flagged, their
 * message passed through `cite` (which names the tools of the operations it cites).
 */
export async function toToolResult(response: Response, cite: (message: string) => string = (message) => message): Promise<ToolResult> {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return brokenAnswer(response);
  }
  const contentType = response.headers.get("content-type");
  if (response.ok && !isJsonType(contentType)) {
    const structured = {
      status: response.status,
      content_type: contentType,
      content_disposition: response.headers.get("content-disposition"),
      size_bytes: bytes.byteLength,
      content_base64: bytes.toString("base64"),
    };
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  }
  // Decoded as Response.text() would: UTF-8, a byte order mark dropped.
  const text = new TextDecoder().decode(bytes);
  if (response.status === 204 || text.length === 0) {
    return response.ok
      ? { content: [{ type: "text", text: `Done (HTTP ${response.status}).` }] }
      : { content: [{ type: "text", text: `HTTP ${response.status}` }], isError: true };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { content: [{ type: "text", text }], isError: !response.ok };
  }
  if (!response.ok) {
    const message =
      typeof json === "object" && json !== null && typeof (json as { error?: unknown }).error === "string"
        ? (json as { error: string }).error
        : text;
    return toolError(response.status, cite(message), response.headers.get("retry-after"));
  }
  const structured = typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : { result: json };
  return { content: [{ type: "text", text }], structuredContent: structured };
}
