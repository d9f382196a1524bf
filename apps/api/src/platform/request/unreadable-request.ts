/**
 * @module
 * Requests Node's parser takes but no request can be made of: an HTTP/1.1 request without a `Host` header (which
 * Node's server answered itself), a backslash in the path (`/v1\persons`), a target or host that is no URL
 * (`OPTIONS *`; these the Node adapter answered). Both answered with an empty 400; here they get the API's JSON
 * error and an `X-Request-Id`, as the parser's own refusals do (client-errors.ts).
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

const MISSING_HOST = JSON.stringify({ error: "request has no Host header, which HTTP/1.1 requires" });

/**
 * `listener`, with an HTTP/1.1 request that has no `Host` header refused as RFC 9112 asks, with a JSON 400: for a
 * server created with `requireHostHeader: false`, so that Node does not answer it first with an empty one.
 */
export function requiringHost<Listener extends (incoming: IncomingMessage, outgoing: ServerResponse) => unknown>(listener: Listener) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming.headers.host !== undefined || incoming.httpVersion !== "1.1") return listener(incoming, outgoing);
    outgoing.shouldKeepAlive = false;
    outgoing.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(MISSING_HOST), [REQUEST_ID_HEADER]: requestIdOf(undefined) });
    outgoing.end(MISSING_HOST);
    return undefined;
  };
}
