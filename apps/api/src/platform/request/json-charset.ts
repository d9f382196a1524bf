/**
 * @module
 * The `charset` a JSON body's media type declares. RFC 8259 defines none and has JSON exchanged as UTF-8, so the body
 * is always read as UTF-8; a declared charset that would read its bytes as other text is refused, not overridden.
 */
import { isAscii } from "node:buffer";

/** Names of UTF-8 and of its ASCII subset, as a media type's `charset` parameter gives them (lower case). */
const READ_AS_DECLARED = new Set(["utf-8", "utf8", "us-ascii", "ascii"]);

/** The `charset` parameter of `contentType`, lower case and unquoted; undefined without one. */
function declaredCharset(contentType: string): string | undefined {
  for (const parameter of contentType.split(";").slice(1)) {
    const equals = parameter.indexOf("=");
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== "charset") continue;
    return parameter.slice(equals + 1).trim().replace(/^"(.*)"$/, "$1").toLowerCase();
  }
  return undefined;
}

/**
 * Why `bytes`, a JSON body sent as `contentType`, cannot be read as the text its sender meant, or null. A charset other
 * than UTF-8 (`latin1`, `windows-1252`) is refused once the body holds a byte beyond ASCII, where it and UTF-8 read
 * different text (a Latin-1 `Ã©` is UTF-8's `é`); a body of ASCII bytes is the same text in either and is read. UTF-16
 * and UTF-32 share no bytes with UTF-8 and are always refused.
 */
export function jsonCharsetProblem(contentType: string, bytes: Uint8Array): string | null {
  const charset = declaredCharset(contentType);
  if (charset === undefined || READ_AS_DECLARED.has(charset)) return null;
  if (!/^utf-?(16|32)/.test(charset) && isAscii(bytes)) return null;
  const shown = charset.length > 40 ? `${charset.slice(0, 40)}…` : charset;
  return `request body is declared as charset=${shown}, but JSON is read as UTF-8 only (RFC 8259): send it as UTF-8, with charset=utf-8 or no charset`;
}
