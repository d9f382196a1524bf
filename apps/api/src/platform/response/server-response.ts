/**
 * @module
 * The Node `ServerResponse` the server writes every answer through. `@hono/node-server` gives a
 * response without a content type `text/plain`, including those that cannot have a body (204, 205,
 * 304): here such a response loses its content type, whoever set it, since it describes no content.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** Statuses whose responses never carry content (RFC 9110, sections 15.3.5, 15.3.6 and 15.4.5). */
const STATUSES_WITHOUT_CONTENT = new Set([204, 205, 304]);

function withoutContentType(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"));
}

/**
 * A `ServerResponse` that sends no `Content-Type` on a response without content.
 *
 * @example
 * const server = createServer({ ServerResponse: ServerResponseWithoutStrayContentType }, listener);
 */
export class ServerResponseWithoutStrayContentType<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  // Headers come either set before (`setHeader`) or given here, as an object (the listener's way) after an
  // optional status message; a raw header array is passed through as it is.
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (STATUSES_WITHOUT_CONTENT.has(statusCode)) {
      this.removeHeader("content-type");
      const last = rest.length - 1;
      const headers = rest[last];
      if (last >= 0 && typeof headers === "object" && headers !== null && !Array.isArray(headers)) {
        rest[last] = withoutContentType(headers as OutgoingHttpHeaders);
      }
    }
    return super.writeHead(statusCode, ...(rest as [string?, OutgoingHttpHeaders?]));
  }
}
