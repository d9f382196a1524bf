/**
 * @module
 * Draining a server's connections at shutdown. Node's `server.close()` stops accepting and closes the connections idle
 * at that moment, but a keep-alive connection busy then stays open after its answer (up to the keep-alive timeout) and
 * goes on serving whatever its client sends next: a client or proxy reusing it kept the drain going until its grace ran
 * out, and the requests in flight then were cut off. Once draining, an answer not yet begun says `Connection: close`, and
 * each connection is closed as soon as its answer is sent.
 *
 * Idle connections are closed a moment after the drain begins, not at once as Node's `server.close()` does: a connection
 * is idle to Node until the event loop has read a request from it, and under load every busy client's next request was
 * sent but not yet read when the stop signal came. Closed at once, each of those requests was cut (ECONNRESET, "other
 * side closed"): a client cannot tell whether such a request ran. Read first, it is answered, with `Connection: close`.
 */
import { Server as NetServer, type Socket } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** A Node request listener. */
export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

/**
 * How long idle connections are left open once the drain begins (then until the event loop has read its sockets once
 * more): requests already sent on them, or on their way over the network, are read and answered meanwhile.
 */
export const IDLE_CONNECTIONS_SETTLE_MILLISECONDS = 100;

export interface ConnectionDrain {
  /** `listener`, which also tracks each connection's latest answer; during the drain, each connection closes after it. */
  readonly listener: RequestListener;
  /** True once `begin` has been called. */
  readonly draining: boolean;
  /**
   * Starts draining `server`: stops accepting connections (without Node's `server.close()`, which would close the idle
   * ones at once), closes the idle connections once requests already sent on them have been read, and each of the others
   * once its answer is sent, each answer not yet begun saying `Connection: close`. `closed` is called when the last
   * connection has closed.
   */
  begin(server: Server, closed: () => void): void;
}

/**
 * Wraps `listener` so that the server's connections can be drained at shutdown.
 *
 * @example
 * const drain = connectionDrain(appListener);
 * const server = createServer(drain.listener);
 * // at shutdown:
 * drain.begin(server, () => console.log("every answer sent, every connection closed"));
 */
export function connectionDrain(listener: RequestListener): ConnectionDrain {
  // The latest answer of each open connection: set per request, with a listener per connection rather than per answer
  // (a set entry and a `close` listener per answer were about 6% of a kept answer's work). An answer pipelined behind
  // another replaces it: the connection closes after the later answer, so both are sent. Told to close with the first
  // one, as when every answer in flight was tracked, the connection dropped the second request unanswered.
  const latest = new Map<Socket, ServerResponse>();
  let drained: Server | null = null;

  /** Closes the connections idle after the settling time and one more read of the sockets by the event loop. */
  function closeIdleSoon(server: Server): void {
    setTimeout(() => setImmediate(() => server.closeIdleConnections()), IDLE_CONNECTIONS_SETTLE_MILLISECONDS).unref();
  }

  function closeAfterAnswer(server: Server, outgoing: ServerResponse): void {
    // Node closes the connection itself after an answer saying so; one begun before the drain said keep-alive.
    if (!outgoing.headersSent) outgoing.setHeader("connection", "close");
    else outgoing.once("finish", () => closeIdleSoon(server));
  }

  return {
    listener(incoming, outgoing) {
      const socket = incoming.socket;
      if (!latest.has(socket)) socket.once("close", () => latest.delete(socket));
      latest.set(socket, outgoing);
      if (drained !== null) closeAfterAnswer(drained, outgoing);
      return listener(incoming, outgoing);
    },
    get draining() {
      return drained !== null;
    },
    begin(server, closed) {
      if (drained !== null) return;
      drained = server;
      // Stops listening; `closed` once every connection has closed. Node's own close would close the idle ones now.
      NetServer.prototype.close.call(server, () => closed());
      for (const outgoing of latest.values()) if (!outgoing.writableFinished) closeAfterAnswer(server, outgoing);
      closeIdleSoon(server);
    },
  };
}
