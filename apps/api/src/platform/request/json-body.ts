/**
 * @module
 * Reads a JSON request body once, for every operation that takes one: 413 over 1 MiB, 415 for a
 * body that is not `application/json`, is compressed (content-encoding.ts) or declares a charset that is not UTF-8 for bytes beyond ASCII (json-charset.ts), 400 for malformed JSON (or bytes that are not UTF-8), for JSON nested too deep, with a
 * `__proto__` key or with a key given twice in one object (json-nesting.ts), or for a missing body. Each refusal of the body is a `RefusedBodyError`.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { contentEncodingProblem } from "./content-encoding.js";
import { jsonCharsetProblem } from "./json-charset.js";
import { jsonNestingProblem, MAX_JSON_DEPTH, nestedTooDeep } from "./json-nesting.js";
import { jsonTextDeeperThan } from "./json-text-depth.js";
import { readBoundedBody } from "./read-bounded-body.js";
import { announcesBody } from "./unexpected-body.js";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Too large, not JSON by its media type, or JSON that is malformed or the body limits refuse. */
export type RefusedBodyStatus = 400 | 413 | 415;

/** A body `readJsonBody` refuses (413, 415 or 400): `/mcp` answers it as a JSON-RPC error, every other route as `{"error"}`. */
export class RefusedBodyError extends ApiError {
  declare readonly status: RefusedBodyStatus;
  constructor(status: RefusedBodyStatus, message: string) {
    super(status, message);
  }
}

/** A body that is not JSON at all, as opposed to JSON the API refuses: `/mcp` answers it as a JSON-RPC parse error. */
export class MalformedJsonError extends RefusedBodyError {
  constructor(reason: string) {
    super(400, `request body is not valid JSON: ${reason}`);
  }
}

const tooLarge = () => new RefusedBodyError(413, "request body is larger than the 1 MiB limit");

/**
 * UTF-8, refusing bytes that are not (RFC 8259: JSON between systems is UTF-8): a lenient decoding stored a
 * Latin-1 "José" as "Jos\uFFFD". A byte order mark is kept, so JSON.parse still refuses it as before.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function isJsonContentType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
}

/** Parses the body as JSON; `undefined` when the request has no body at all. */
export async function readJsonBody(context: Context<AppEnv>): Promise<unknown> {
  const contentType = context.req.header("content-type");
  const encodingProblem = contentEncodingProblem(context.req.raw);
  if (encodingProblem !== null) throw new RefusedBodyError(415, encodingProblem);
  const notJson = () => new RefusedBodyError(415, `request body must be JSON: send Content-Type: application/json (got ${contentType ?? "none"})`);
  const isJson = contentType !== undefined && isJsonContentType(contentType);
  // Refused before it is read: a client waiting for `100 Continue` is answered without sending it (expect-continue.ts).
  if (!isJson && announcesBody(context.req.raw.headers)) throw notJson();
  // The charset is checked chunk by chunk (a body is ASCII when each chunk is): a chunked body is refused at its
  // first byte beyond ASCII, not after its end, which may be a minute away or never come.
  const checkCharset = (chunk: Uint8Array) => {
    const charsetProblem = isJson ? jsonCharsetProblem(contentType, chunk) : null;
    return charsetProblem === null ? null : new RefusedBodyError(415, charsetProblem);
  };
  const bytes = await readBoundedBody(context.req.raw, MAX_BODY_BYTES, tooLarge, checkCharset);
  if (bytes.length === 0) return undefined;
  if (contentType === undefined || !isJson) throw notJson();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new MalformedJsonError("it is not UTF-8 text (JSON must be sent as UTF-8)");
  }
  // RFC 8259 has a sender add no byte order mark; JSON.parse's message showed it as an invisible "unexpected token".
  if (text.charCodeAt(0) === 0xfeff) throw new MalformedJsonError("it starts with a byte order mark (U+FEFF): send UTF-8 JSON without one");
  // Before parsing: a deep body costs the parser hundreds of times what its size does.
  if (jsonTextDeeperThan(text, MAX_JSON_DEPTH)) throw new RefusedBodyError(400, nestedTooDeep(MAX_JSON_DEPTH));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "unreadable";
    throw new MalformedJsonError(reason);
  }
  const problem = jsonNestingProblem(body, text);
  if (problem !== null) throw new RefusedBodyError(400, problem);
  return body;
}
