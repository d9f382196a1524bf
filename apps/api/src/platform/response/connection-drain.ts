/**
 * @module
 * Draining a server's connections at shutdown. Node's `server.close()` stops accepting and closes the connections idle
 * at that moment, but a keep-alive connection busy then stays open after its answer (up to the keep-alive timeout) and
 * goes on serving whatever its client sends next: a client or proxy reusing it kept the drain going until its grace ran
 * out, and the requests in flight then were cut off. Once draining, an answer not yet begun says `Connection: close`, and
 * each connection is closed as soon as its answer is sent.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** A Node request listener. */
export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

export interface ConnectionDrain {
  /** `listener`, which also tracks the answers in flight; during the drain, each of its answers closes its connection. */
  readonly listener: RequestListener;
  /** True once `begin` has been called. */
  readonly draining: boolean;
  /**
   * Starts draining `server` (call `server.close()` too, which stops accepting): the connections idle now close at
   * once, the others once their answer is sent, each answer not yet begun saying `Connection: close`.
   */
  begin(server: Server): void;
}

/**
 * Wraps `listener` so that the server's connections can be drained at shutdown.
 *
 * @example
 * const drain = connectionDrain(appListener);
 * const server = createServer(drain.listener);
 * // at shutdown:
 * drain.begin(server);
 * server.close(() => console.log("every answer sent, every connection closed"));
 */
export function connectionDrain(listener: RequestListener): ConnectionDrain {
  const inFlight = new Set<ServerResponse>();
  let drained: Server | null = null;

  function closeAfterAnswer(server: Server, outgoing: ServerResponse): void {
    if (!outgoing.headersSent) outgoing.setHeader("connection", "close");
    // Node detaches the answer from its connection first ('finish' listeners run in order): the connection is idle then.
    outgoing.once("finish", () => server.closeIdleConnections());
  }

  return {
    listener(incoming, outgoing) {
      inFlight.add(outgoing);
      outgoing.once("close", () => inFlight.delete(outgoing));
      if (drained !== null) closeAfterAnswer(drained, outgoing);
      return listener(incoming, outgoing);
    },
    get draining() {
      return drained !== null;
    },
    begin(server) {
      if (drained !== null) return;
      drained = server;
      for (const outgoing of inFlight) if (!outgoing.writableFinished) closeAfterAnswer(server, outgoing);
      server.closeIdleConnections();
    },
  };
}
