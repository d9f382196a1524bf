/**
 * @module
 * What a POST to `/mcp` says it can read, by its `Accept` header: a JSON answer, an event stream, both or neither. The
 * Streamable HTTP transport has a client list both, and the SDK's 2025-era transport answers 406 to any other header;
 * several clients send `*\/*` or `application/json` alone, which admit an answer this server can give.
 */
import { parseAccept } from "hono/utils/accept";

/** The two answers an MCP POST can get, and which of them its client takes. */
export interface AcceptedAnswers {
  /** JSON: `application/json`, `application/*` or `*\/*`. */
  json: boolean;
  /**
   * An event stream, asked for by name (`text/event-stream` or `text/*`): a client that sends `*\/*` alone, as plain
   * HTTP clients do, gets JSON, which it can read whatever it is.
   */
  eventStream: boolean;
}

/** The Accept header the SDK's transport requires, both media types by name. */
export const BOTH_ANSWERS = "application/json, text/event-stream";

/**
 * The weight the most specific of `ranges` matching `type` gives it (`type` itself, then `main/*`, then with `anyType`
 * `*\/*`), or 0 when none matches: `application/json;q=0, *\/*` admits everything but JSON.
 */
function weightOf(ranges: ReadonlyArray<{ type: string; q: number }>, type: string, anyType: boolean): number {
  const main = `${type.split("/")[0]}/*`;
  for (const candidate of anyType ? [type, main, "*/*", "*"] : [type, main]) {
    const range = ranges.find((each) => each.type.toLowerCase() === candidate);
    if (range) return range.q;
  }
  return 0;
}

/**
 * Which answers the client of `accept` takes; without the header, JSON (RFC 9110 12.5.1: any media type, as `*\/*`).
 *
 * @example
 * acceptedAnswers("application/json, text/event-stream"); // { json: true, eventStream: true }
 * acceptedAnswers("*\/*"); // { json: true, eventStream: false }
 * acceptedAnswers("application/json"); // { json: true, eventStream: false }
 * acceptedAnswers("text/html"); // { json: false, eventStream: false }
 */
export function acceptedAnswers(accept: string | undefined): AcceptedAnswers {
  if (accept === undefined || accept.trim() === "") return { json: true, eventStream: false };
  const ranges = parseAccept(accept);
  return { json: weightOf(ranges, "application/json", true) > 0, eventStream: weightOf(ranges, "text/event-stream", false) > 0 };
}

/**
 * `request` with the Accept header the SDK's transport requires (`BOTH_ANSWERS`) when its own does not name both
 * media types; the same request when it does. The body is not carried: the SDK is given the message already read.
 */
export function withBothAnswersAccepted(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json") && accept.includes("text/event-stream")) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", BOTH_ANSWERS);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
