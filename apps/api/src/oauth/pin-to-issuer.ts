/**
 * @module
 * The Node request handed to oidc-provider, its host pinned to the issuer's.
 */
import type { IncomingMessage } from "node:http";

/**
 * Sets the request's `Host` to the issuer's, takes `X-Forwarded-Host` off and sets `X-Forwarded-Proto` (read only behind
 * a trusted proxy) to the issuer's scheme. oidc-provider builds the endpoints it publishes (authorization, token,
 * registration, key set) from the request's host, not from its issuer: a request with `Host: evil.example` was
 * answered metadata sending clients' codes, tokens and users' passwords there, for a cache in front to keep.
 *
 * @example
 * pinToIssuer(incoming, new URL("https://rapport.example")); // incoming.headers.host === "rapport.example"
 */
export function pinToIssuer(incoming: IncomingMessage, issuer: URL): void {
  incoming.headers.host = issuer.host;
  delete incoming.headers["x-forwarded-host"];
  incoming.headers["x-forwarded-proto"] = issuer.protocol.slice(0, -1);
}
