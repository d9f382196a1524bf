/**
 * @module
 * Requests Node's parser takes but no request can be made of, or only another one: an HTTP/1.1 request without a
 * `Host` header (which Node's server answered itself), a backslash in the path (`/v1\persons`), a target or host
 * that is no URL (`OPTIONS *`; these two the Node adapter answered), all with an empty 400; and a path with a `.` or
 * `..` segment, which the URL parser resolved into another path. Here they get the API's JSON 400 and an
 * `X-Request-Id`, as the parser's own refusals do (client-errors.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";

/** The adapter's reasons, as its `RequestError` messages give them, and what a client is told. */
const REASONS: ReadonlyArray<[pattern: RegExp, error: string]> = [
  [/^Backslash in request path/, "request path must not contain a backslash (\\); send / between segments"],
];
const NOT_A_URL = "request target and Host header do not make a URL: send a path starting with / and a host name";

/**
 * The JSON 400 answering `error`, which the adapter threw before the app got a request (a `RequestError`); any
 * other error is a 500 saying only its request id, as the app's own unexpected errors do.
 */
export function unreadableRequestResponse(error: unknown): Response {
  const id = requestIdOf(undefined);
  const message = error instanceof Error ? error.message : "";
  const isRequestError = error instanceof Error && error.name === "RequestError";
  const reason = REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? NOT_A_URL;
  const [status, body] = isRequestError ? [400, reason] : [500, `internal error; quote request id ${id} when reporting it`];
  return new Response(JSON.stringify({ error: body }), { status, headers: { "content-type": "application/json", [REQUEST_ID_HEADER]: id } });
}

const MISSING_HOST = "request has no Host header, which HTTP/1.1 requires";
const DOT_SEGMENT = "request path must not contain a '.' or '..' segment (%2e included): send the path it stands for";

/** A `.` or `..` segment in a request target's path, written plainly or percent-encoded. */
const DOT_SEGMENT_PATTERN = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** Why the request line or headers of `incoming` make no request to serve, or null. */
function unservableProblem(incoming: IncomingMessage): string | null {
  if (incoming.headers.host === undefined && incoming.httpVersion === "1.1") return MISSING_HOST;
  const target = incoming.url ?? "";
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  return (path.includes(".") || path.includes("%")) && DOT_SEGMENT_PATTERN.test(path) ? DOT_SEGMENT : null;
}

/**
 * `listener`, with requests refused with a JSON 400 that Node's server would answer itself with an empty one or that
 * the URL parser would silently rewrite: an HTTP/1.1 request without a `Host` header (RFC 9112 asks for the 400; for
 * a server created with `requireHostHeader: false`), and a path with a dot segment, which the URL parser resolves
 * (`/v1/persons/%2e%2e/users` is `/v1/users`), so a proxy allowing a path prefix would let another path through.
 */
export function refusingUnservable<Listener extends (incoming: IncomingMessage, outgoing: ServerResponse) => unknown>(listener: Listener) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const problem = unservableProblem(incoming);
    if (problem === null) return listener(incoming, outgoing);
    const body = JSON.stringify({ error: problem });
    outgoing.shouldKeepAlive = false;
    outgoing.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(body), [REQUEST_ID_HEADER]: requestIdOf(undefined) });
    outgoing.end(body);
    return undefined;
  };
}
