/**
 * @module
 * Requests Node's parser takes but no request can be made of, or only another one: an HTTP/1.1 request without a
 * `Host` header (which Node's server answered itself), a backslash in the path (`/v1\persons`), a target or host
 * that is no URL (`OPTIONS *`; these two the Node adapter answered), all with an empty 400; and a path with a `.` or
 * `..` segment, which the URL parser resolved into another path; a Host header given twice, or differing from the
 * host an absolute-form target names (`GET http://other/v1/me`), which Node and the adapter served, each taking one
 * of them. Here they get the API's JSON 400 and an
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

const MANY_HOSTS = "request has more than one Host header: send one";

/** Node keeps the first of several Host lines: the count is read from the raw header lines. */
function hostLines(incoming: IncomingMessage): number {
  let count = 0;
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) if (incoming.rawHeaders[index]!.toLowerCase() === "host") count++;
  return count;
}

/**
 * For a target in absolute form (`GET http://host/v1/me`), why its authority and the Host header disagree, or null.
 * RFC 9112 has the server take the target's and ignore the header, while a cache or proxy in front may key its
 * answers on the header: one request read as two hosts. The client must send them equal (RFC 9112 3.2), so a
 * difference is refused, default ports aside (`http://a:80/` and `Host: a` agree).
 */
function absoluteTargetProblem(target: string, host: string | undefined): string | null {
  if (!/^https?:\/\//i.test(target)) return null;
  const targetUrl = urlOf(target);
  // The adapter refuses a target that is no URL (NOT_A_URL).
  if (targetUrl === null) return null;
  if (host === undefined || urlOf(`${targetUrl.protocol}//${host}`)?.host === targetUrl.host) return null;
  const shown = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
  return `request target names host ${shown(targetUrl.host)} but the Host header is ${shown(host)}: send the path alone (GET /v1/...) with the Host header, or make them equal`;
}

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Why the request line or headers of `incoming` make no request to serve, or null. */
function unservableProblem(incoming: IncomingMessage): string | null {
  if (incoming.headers.host === undefined && incoming.httpVersion === "1.1") return MISSING_HOST;
  if (hostLines(incoming) > 1) return MANY_HOSTS;
  const target = incoming.url ?? "";
  const authorityProblem = target.charCodeAt(0) === 47 /* "/" */ ? null : absoluteTargetProblem(target, incoming.headers.host);
  if (authorityProblem !== null) return authorityProblem;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  return (path.includes(".") || path.includes("%")) && DOT_SEGMENT_PATTERN.test(path) ? DOT_SEGMENT : null;
}

/**
 * `listener`, with requests refused with a JSON 400 that Node's server would answer itself with an empty one or that
 * the URL parser would silently rewrite: an HTTP/1.1 request without a `Host` header (RFC 9112 asks for the 400; for
 * a server created with `requireHostHeader: false`), and a path with a dot segment, which the URL parser resolves
 * (`/v1/persons/%2e%2e/users` is `/v1/users`), so a proxy allowing a path prefix would let another path through; and
 * a request naming two hosts (two Host headers, or an absolute-form target and a Host header that differ).
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
