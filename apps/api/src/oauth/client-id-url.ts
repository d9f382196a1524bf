/**
 * Which Client ID Metadata Document URLs the authorization server may fetch: HTTPS on a public
 * host name, never an IP literal or a local name, so a client id cannot make the server probe its
 * own network. (A name that resolves to a private address is not caught here.)
 */
import { isIP } from "node:net";

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

export function isFetchableClientIdUrl(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  // A trailing dot (`localhost.`) names the same host fully qualified: checked without it. Cut by a scan, not by
  // `/\.+$/`, which tried every dot of a run as its start: a client id of 15,000 dots (within the 16 KiB request line
  // of an unauthenticated /oauth/authorize) held the event loop 0.4 s.
  const host = withoutTrailingDots(url.hostname.replace(/^\[|\]$/g, ""));
  if (isIP(host) !== 0) return false;
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return false;
  return true;
}

function withoutTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host[end - 1] === ".") end -= 1;
  return host.slice(0, end);
}
