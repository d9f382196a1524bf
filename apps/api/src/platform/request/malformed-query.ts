/**
 * @module
 * Query strings the router would misread silently: values percent-encoded from bytes that are not UTF-8 (`Jos%E9`,
 * "José" in ISO-8859-1), which it leaves undecoded, so the value was taken as its raw text and a search for it found
 * nothing; and a parameter without a name (`?=1`, `?a=1&=x`), which it drops, so a value meant for a filter was ignored.
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
 * The 400 message for the first query parameter of `url` without a name or holding escapes that are not UTF-8, or
 * null when there is none. A `%` that starts no escape (`100%`) stays text, as the router takes it; an empty pair
 * (`?a=1&`, `&&`) names nothing and is passed over, as URL builders leave them.
 */
export function malformedQueryProblem(url: string): string | null {
  const start = url.indexOf("?");
  if (start === -1) return null;
  const escaped = url.indexOf("%", start) !== -1;
  // Cheap test first: a nameless pair starts the query or follows a `&`.
  if (!escaped && url.charCodeAt(start + 1) !== 0x3d && !url.includes("&=", start)) return null;
  const end = url.indexOf("#", start);
  for (const pair of url.slice(start + 1, end === -1 ? undefined : end).split("&")) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    if (separator === 0) return `query string: a parameter has no name ('${pair.slice(0, 40)}'); send name=value`;
    if (!escaped) continue;
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
