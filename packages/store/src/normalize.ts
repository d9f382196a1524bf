/** Normalization of match keys shared by every write and lookup. */

/** Lower-cases and trims an email address, dropping a leading `mailto:`. */
export function normalizeEmail(address: string): string {
  return address.trim().replace(/^mailto:/i, "").trim().toLowerCase();
}

/**
 * A LinkedIn profile or company URL reduced to its match key: `linkedin.com/in/<slug>` (lower case,
 * no scheme, no country or `www.` subdomain, no query, no trailing slash). Null when it is not one.
 *
 * @example
 * normalizeLinkedinUrl("https://uk.linkedin.com/in/Ada-Park/?trk=x"); // "linkedin.com/in/ada-park"
 */
export function normalizeLinkedinUrl(url: string): string | null {
  const match = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/((?:in|pub|company)\/[^/?#\s]+)/i.exec(url.trim());
  if (!match) return null;
  return `linkedin.com/${decodeURIComponentSafely(match[1]!).toLowerCase()}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A company domain reduced to its match key: lower case, without scheme, `www.`, port or path.
 * Null when nothing domain-like is left.
 *
 * @example
 * normalizeDomain("https://www.Globex.example/about"); // "globex.example"
 */
export function normalizeDomain(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^www\./, "")
    .split(/[/?#:]/)[0]!;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}
