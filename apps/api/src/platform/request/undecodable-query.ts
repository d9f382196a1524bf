/**
 * @module
 * Query values percent-encoded from bytes that are not UTF-8 (`Jos%E9`, "José" in ISO-8859-1). The router leaves
 * such an escape undecoded, so the value was taken as its raw text and a search for it found nothing.
 */

/** A run of percent escapes: what decodes to characters together. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

function undecodableEscape(text: string): string | null {
  for (const [run] of text.matchAll(ESCAPES)) {
    try {
      decodeURIComponent(run);
    } catch {
      return run;
    }
  }
  return null;
}

/**
 * The 400 message for the first query parameter of `url` holding escapes that are not UTF-8, or null when there is
 * none. A `%` that starts no escape (`100%`) stays text, as the router takes it.
 */
export function undecodableQueryProblem(url: string): string | null {
  const start = url.indexOf("?");
  if (start === -1 || url.indexOf("%", start) === -1) return null;
  const end = url.indexOf("#", start);
  for (const pair of url.slice(start + 1, end === -1 ? undefined : end).split("&")) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const escape = undecodableEscape(pair);
    if (escape === null) continue;
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // The name itself is the undecodable part: it is quoted as sent.
    }
    return `query parameter '${name}': '${escape}' is not percent-encoded UTF-8 (é is %C3%A9)`;
  }
  return null;
}
