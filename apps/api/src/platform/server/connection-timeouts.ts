/**
 * @module
 * How long the HTTP server keeps a connection: idle between requests (keep-alive), waiting for a request's
 * headers, and receiving a whole request; and the `node:http` server options that apply them.
 */

/** A connection's time limits, in milliseconds. */
export interface ConnectionTimeouts {
  /** How long a kept-alive connection may stay idle between requests before the server closes it. */
  keepAliveMilliseconds: number;
  /** How long a request's line and headers may take to arrive; then a 408 and the connection closed. */
  headersMilliseconds: number;
  /** How long a whole request, body included, may take to arrive; then a 408 and the connection closed. */
  requestMilliseconds: number;
}

/**
 * Longer than the idle timeout of the proxies in front of such a server (AWS load balancers' and nginx's upstream
 * keep-alive are 60 s): the proxy, not the server, closes an idle connection, so it never sends a request on one
 * the server is closing at that moment (a 502 for its client). Node's own default is 5 s.
 */
export const DEFAULT_KEEP_ALIVE_MILLISECONDS = 65_000;

/** Node's default: a 100 MiB import upload must arrive at about 2.8 Mbit/s or more. */
export const DEFAULT_REQUEST_MILLISECONDS = 300_000;

/** Node checks the headers and request limits every 30 s by default, so a limit was overrun by up to 30 s. */
const MAXIMUM_CHECKING_INTERVAL_MILLISECONDS = 30_000;

/**
 * The time limits `given` completes with the defaults: keep-alive 65 s, headers a second longer than the
 * keep-alive (at most the request limit), request 300 s.
 * @example connectionTimeouts({ keepAliveMilliseconds: 120_000 }).headersMilliseconds; // 121000
 */
export function connectionTimeouts(given: Partial<ConnectionTimeouts> = {}): ConnectionTimeouts {
  const keepAliveMilliseconds = given.keepAliveMilliseconds ?? DEFAULT_KEEP_ALIVE_MILLISECONDS;
  const requestMilliseconds = given.requestMilliseconds ?? DEFAULT_REQUEST_MILLISECONDS;
  const headersMilliseconds = given.headersMilliseconds ?? Math.min(keepAliveMilliseconds + 1_000, requestMilliseconds);
  return { keepAliveMilliseconds, headersMilliseconds, requestMilliseconds };
}

/**
 * The `http.createServer` options that apply `timeouts`. The headers and request limits are checked a quarter of
 * the shorter one apart (at most 30 s), so a slow client is cut at most a quarter late.
 */
export function connectionServerOptions(timeouts: ConnectionTimeouts) {
  return {
    keepAliveTimeout: timeouts.keepAliveMilliseconds,
    headersTimeout: timeouts.headersMilliseconds,
    requestTimeout: timeouts.requestMilliseconds,
    connectionsCheckingInterval: Math.min(
      MAXIMUM_CHECKING_INTERVAL_MILLISECONDS,
      Math.max(1, Math.ceil(Math.min(timeouts.headersMilliseconds, timeouts.requestMilliseconds) / 4)),
    ),
  };
}
