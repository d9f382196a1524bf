/**
 * @module
 * What Node's HTTP parser refuses before a request reaches the app: headers beyond its size limit (431), a
 * request that did not arrive in time (408), a URL with a character it must escape (400), bytes that are not HTTP
 * (400), and a CONNECT (501). Node answers those with a bare
 * status line (a CONNECT with none); here the answer keeps the API's contract, a JSON error body and an `X-Request-Id`, and the
 * connection is then closed, as Node closes it.
 */
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";

const REFUSALS: Record<string, [status: number, reason: string, error: string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "request line and headers are larger than the server accepts (16 KiB by default)"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "request did not arrive in time"],
  // What `curl "...?name=josé"` sends: the letter's raw UTF-8 bytes, which a URL cannot hold. Said as "not valid
  // HTTP/1.1", it sent the reader looking for a fault in their client rather than in one character of the URL.
  HPE_INVALID_URL: [
    400,
    "Bad Request",
    "the request's URL holds a character a URL must percent-encode (a letter outside ASCII such as é, a control character): " +
      "send it as UTF-8 escapes (é is %C3%A9; curl -G --data-urlencode 'name=josé' encodes a query value)",
  ],
};
const MALFORMED: [number, string, string] = [400, "Bad Request", "request is not valid HTTP/1.1"];

/** The whole HTTP response, written on the socket itself, refusing a request with `status` and `{"error"}`, then closing. */
export function rawErrorResponse(status: number, reason: string, error: string, id: string): string {
  const body = JSON.stringify({ error });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `${REQUEST_ID_HEADER}: ${id}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** The whole HTTP response that refuses a request the parser failed with `code`, under request id `id`. */
export function clientErrorResponse(code: string | undefined, id: string): string {
  const [status, reason, error] = (code !== undefined ? REFUSALS[code] : undefined) ?? MALFORMED;
  return rawErrorResponse(status, reason, error, id);
}

const NO_TUNNEL = "CONNECT is not served: this is the Rapport API, not a proxy; send GET, POST, PUT, PATCH or DELETE to a path under /v1";

/**
 * Answers a CONNECT request (a tunnel, as a proxy is asked for one) with a JSON 501: Node hands it to a `connect`
 * listener, and without one closed the connection with no answer at all.
 */
export function answerConnectRequests(server: Server): void {
  server.on("connect", (_incoming: unknown, socket: Duplex) => {
    socket.end(rawErrorResponse(501, "Not Implemented", NO_TUNNEL, requestIdOf(undefined)), () => socket.destroy());
  });
}

/** Answers `server`'s client errors with `clientErrorResponse`, unless a response on the connection has begun. */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already begun on this connection would be corrupted by another: then it is only closed
    // (Node's own handler makes the same check on the same field).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code !== "ECONNRESET" && socket.writable && inFlight?.headersSent !== true) {
      socket.end(clientErrorResponse(error.code, requestIdOf(undefined)), () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
}
