/**
 * @module
 * A body sent to an operation that takes none (a GET, a DELETE) is refused rather than ignored: a client sending
 * filters or a selection in it would otherwise get an unfiltered list, or a deletion it did not mean, as a success.
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";
import { badRequest } from "../errors/api-error.js";
import { nodeBindings } from "./node-bindings.js";
import { readBoundedBody } from "./read-bounded-body.js";

/**
 * Whether a request's headers announce a body: a `Content-Length` other than 0, or a `Transfer-Encoding` (a chunked
 * body may still turn out empty: `refuseUnexpectedBody` reads it).
 */
export function announcesBody(headers: IncomingHttpHeaders | Headers): boolean {
  const read = (name: string): string | undefined => {
    const value = headers instanceof Headers ? (headers.get(name) ?? undefined) : headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const length = read("content-length");
  return read("transfer-encoding") !== undefined || (length !== undefined && length.trim() !== "0");
}

/** Whether a byte of the body of `incoming` arrives before its end; the rest is left unread. */
function bodyByteArrives(incoming: IncomingMessage): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(incoming.readableLength > 0);
  return new Promise((resolve) => {
    const settle = (found: boolean) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onEnd);
      incoming.pause();
      resolve(found);
    };
    const onData = (chunk: Buffer) => chunk.length > 0 && settle(true);
    const onEnd = () => settle(false);
    incoming.on("data", onData).once("end", onEnd).once("error", onEnd);
  });
}

/**
 * Throws a 400 when the request of `context`, sent to `path`, an operation that takes no body, carries one. A body
 * announced but empty (`Content-Length: 0`, an empty chunked body) is no body: clients send those with a DELETE.
 */
export async function refuseUnexpectedBody(context: Context<AppEnv>, path: string): Promise<void> {
  const request = context.req.raw;
  if (!announcesBody(request.headers)) return;
  const refusal = () =>
    badRequest(`${request.method.toUpperCase()} ${path} takes no request body: send its parameters in the path and the query string, or leave the body out`);
  const bindings = nodeBindings(context);
  // @hono/node-server gives a GET's or a HEAD's Request no body: a chunked one is read from the Node request.
  if (request.body === null && bindings !== null) {
    if (!(await bodyByteArrives(bindings.incoming))) return;
    // The rest of the body stays unread (@hono/node-server drains no GET's or HEAD's), so the connection reads no
    // further request: kept alive, it hung until the request timeout, the client waiting for its next answer.
    if (!bindings.outgoing.headersSent) bindings.outgoing.setHeader("connection", "close");
    throw refusal();
  }
  await readBoundedBody(request, 0, refusal);
}
