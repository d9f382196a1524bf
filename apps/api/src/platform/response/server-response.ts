/**
 * @module
 * The Node `ServerResponse` the server writes every answer through. `@hono/node-server` labels a response
 * without a content type `text/plain`, including one with no body at all: a 204 (or 205, 304), and any other
 * status sent without content, such as the 202 of an MCP notification. Here a response without content loses
 * its content type, whoever set it, since it describes no content; a response with content is sent as written.
 * A head held until the end, which then sends nothing, declares a length of 0: without a length Node would
 * send it chunked, with an empty body.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** Statuses whose responses never carry content (RFC 9110, sections 15.3.5, 15.3.6 and 15.4.5). */
const STATUSES_WITHOUT_CONTENT = new Set([204, 205, 304]);

type HeadArguments = [statusMessage?: string, headers?: OutgoingHttpHeaders];

/** The headers object of `writeHead`'s arguments (after an optional status message), if given as an object. */
function headersOf(rest: readonly unknown[]): OutgoingHttpHeaders | undefined {
  const last = rest[rest.length - 1];
  return typeof last === "object" && last !== null && !Array.isArray(last) ? (last as OutgoingHttpHeaders) : undefined;
}

function withoutContentType(rest: unknown[]): unknown[] {
  const headers = headersOf(rest);
  if (headers === undefined) return rest;
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"));
  return [...rest.slice(0, -1), kept];
}

/** A held head's headers once the end sent nothing: no content type, no chunked transfer, a length of 0. */
function emptyHead(rest: unknown[]): unknown[] {
  const kept = Object.entries(headersOf(rest) ?? {}).filter(([name]) => !["content-type", "transfer-encoding"].includes(name.toLowerCase()));
  // Only a head given its headers is held, so they are `rest`'s last element.
  return [...rest.slice(0, -1), { ...Object.fromEntries(kept), "content-length": "0" }];
}

/** The declared `Content-Length`, if any: the adapter writes it `content-length` or `Content-Length`. */
function declaredLength(headers: OutgoingHttpHeaders | undefined): unknown {
  if (headers === undefined) return undefined;
  const length = headers["content-length"] ?? headers["Content-Length"];
  if (length !== undefined) return length;
  for (const name in headers) if (name.length === 14 && name.toLowerCase() === "content-length") return headers[name];
  return undefined;
}

/** Whether `end`'s first argument sends no bytes (none at all, or only its callback). */
function sendsNothing(chunk: unknown): boolean {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return true;
  if (typeof chunk === "string") return chunk.length === 0;
  return chunk instanceof Uint8Array && chunk.byteLength === 0;
}

/**
 * A `ServerResponse` that sends no `Content-Type` on a response without content.
 *
 * A head written with its headers but neither a length nor a status without content (the adapter's way for a
 * body it streams, and for no body at all) is held until the first `write`, `end` or `flushHeaders`, which is
 * when Node would send it anyway: an `end` with nothing to send then writes it without a content type and with
 * `Content-Length: 0`.
 * Meanwhile `headersSent` reads false. Every other head is written at once, as given.
 *
 * @example
 * const server = createServer({ ServerResponse: ServerResponseWithoutStrayContentType }, listener);
 */
export class ServerResponseWithoutStrayContentType<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #heldHead: [statusCode: number, rest: unknown[]] | null = null;

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    const headers = headersOf(rest);
    const length = declaredLength(headers) ?? this.getHeader("content-length");
    if (STATUSES_WITHOUT_CONTENT.has(statusCode) || (length !== undefined && Number(length) === 0)) {
      this.removeHeader("content-type");
      return super.writeHead(statusCode, ...(withoutContentType(rest) as HeadArguments));
    }
    // Node's own implicit head (a `write` or `end` without `writeHead`) passes no headers: `end` handled it.
    // A HEAD answer describes the GET's content, which it does not send.
    if (headers === undefined || length !== undefined || this.req.method === "HEAD") return super.writeHead(statusCode, ...(rest as HeadArguments));
    this.#heldHead = [statusCode, rest];
    return this;
  }

  override write(...parameters: unknown[]): boolean {
    this.#writeHeldHead(false);
    return (super.write as (...forwarded: unknown[]) => boolean)(...parameters);
  }

  override end(...parameters: unknown[]): this {
    const empty = sendsNothing(parameters[0]);
    if (this.#heldHead !== null) this.#writeHeldHead(empty);
    else if (empty && !this.headersSent && this.req.method !== "HEAD") this.removeHeader("content-type");
    return (super.end as (...forwarded: unknown[]) => this)(...parameters);
  }

  override flushHeaders(): void {
    this.#writeHeldHead(false);
    super.flushHeaders();
  }

  #writeHeldHead(withoutContent: boolean): void {
    const held = this.#heldHead;
    if (held === null) return;
    this.#heldHead = null;
    const [statusCode, rest] = held;
    if (withoutContent) {
      this.removeHeader("content-type");
      this.removeHeader("transfer-encoding");
    }
    super.writeHead(statusCode, ...((withoutContent ? emptyHead(rest) : rest) as HeadArguments));
  }
}
