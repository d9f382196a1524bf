/**
 * @module
 * `Expect: 100-continue` answered as RFC 9110 10.1.1 means it: the interim `100 Continue` goes out only once the app
 * asks for the body, so a request refused on its head (401, 403, 413 by its length, 415, 429) is answered before the
 * client sends a byte of its body. Node, without this, sends the 100 at once, and a refused upload was sent whole.
 * Another expectation is a JSON 417.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";

/**
 * A `checkContinue` listener for a Node server: hands the request to `listener` and writes `100 Continue` when the
 * body is first read. Its connection is closed after the answer: a client answered before it sent its body may send
 * it still (curl does after a second), or not at all, so the next bytes on the connection are no request.
 *
 * @example
 * server.on("checkContinue", continueOnRead(listener));
 */
export function continueOnRead(listener: (incoming: IncomingMessage, outgoing: ServerResponse) => unknown) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    outgoing.setHeader("connection", "close");
    // A consumer of the body (a 'data' listener, Readable.toWeb's included) sets the request flowing.
    incoming.once("resume", () => {
      if (!outgoing.headersSent) outgoing.writeContinue();
    });
    return listener(incoming, outgoing);
  };
}

/**
 * A `checkExpectation` listener for a Node server: an `Expect` other than `100-continue` is a JSON 417 naming it (Node
 * answered an empty one, without a request id), and the connection is closed, its body unread.
 */
export function refuseExpectation(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const expectation = String(incoming.headers.expect ?? "").slice(0, 60);
  const body = JSON.stringify({ error: `Expect: ${expectation} is not supported: the server meets only Expect: 100-continue; leave the header out` });
  outgoing.writeHead(417, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    [REQUEST_ID_HEADER]: requestIdOf(undefined),
    connection: "close",
  });
  outgoing.end(body);
}
