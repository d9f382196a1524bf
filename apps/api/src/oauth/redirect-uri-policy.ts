/**
 * @module
 * Which redirect URIs a client may register: the MCP authorization spec ("Communication Security") has every
 * redirect URI be HTTPS or on the loopback, so an authorization code never travels in plain HTTP over a network.
 * oidc-provider takes any `http:` URI for a web client; this adds the rule, for registered clients and Client ID
 * Metadata Documents alike.
 */

/** Host names of the loopback interface, as `URL.hostname` spells them. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a client may not register this redirect URI, or null when it may (other schemes are oidc-provider's to judge). */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" || LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `redirect_uris must use https, or http on the loopback (localhost, 127.0.0.1, [::1]): ${uri} does not`;
}
