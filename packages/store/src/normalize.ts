/** Normalization of match keys shared by every write and lookup. */

/**
 * Lower-cases A–Z only, as SQLite's `lower()` does (no ICU): text compared with `lower(column)` must
 * fold the same way. Lower-cased in full, "Électricité" became "électricité", which `lower()` of the
 * stored "Électricité" ("Électricité") never equals, so a name with a capital É, Ø or Д missed itself.
 */
export function sqliteLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Lower-cases and trims an email address, dropping a leading `mailto:`. */
export function normalizeEmail(address: string): string {
  return address.trim().replace(/^mailto:/i, "").trim().toLowerCase();
}

/**
 * True when a normalized address has one `@`, a local part and a dotted domain (a dot with something on each side),
 * and no white space. Read in one pass: the pattern it replaces (`^[^\s@]+@[^\s@]+\.[^\s@]+$`) tried every dot of a
 * long domain against every other, quadratic in its length.
 */
export function isPlausibleEmail(normalized: string): boolean {
  const at = normalized.indexOf("@");
  if (at < 1 || at !== normalized.lastIndexOf("@") || /\s/.test(normalized)) return false;
  const domain = normalized.slice(at + 1);
  const dot = domain.indexOf(".", 1);
  return dot !== -1 && dot < domain.length - 1;
}

/**
 * True when a normalized address (`normalizeEmail`'s) may name an email's or a meeting's participant: one `@` with
 * something on each side, and no white space or angle brackets. Looser than `isPlausibleEmail` (no dot needed): a
 * mail names `root@localhost` too.
 */
export function isParticipantAddress(normalized: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(normalized);
}

/** The domain part of a normalized email address (after the last `@`), or null. */
export function emailDomain(normalized: string): string | null {
  const at = normalized.lastIndexOf("@");
  return at > 0 && at < normalized.length - 1 ? normalized.slice(at + 1) : null;
}

const DOMAIN_SHAPE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * A bare host name from a domain, URL or email address: lower case, without scheme, `www.`, port,
 * path, query or trailing dot ("https://www.Acme.com/about" → "acme.com"). Null when what remains
 * is not a host name.
 */
export function normalizeDomain(text: string): string | null {
  let value = text.trim().toLowerCase();
  if (value.startsWith("mailto:")) value = value.slice("mailto:".length);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  value = value.split(/[/?#]/, 1)[0] ?? "";
  const at = value.lastIndexOf("@");
  if (at >= 0) value = value.slice(at + 1);
  value = value.replace(/:\d*$/, "").replace(/\.$/, "").replace(/^www\d*\./, "");
  return DOMAIN_SHAPE.test(value) ? value : null;
}

/** A path segment with its percent-escapes decoded; kept as written when they are not UTF-8 (a stray `%`). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The match key of a LinkedIn URL: `linkedin.com` plus the path, lower-cased once its percent-escapes are decoded (in
 * Unicode's composed form, NFC), without empty segments, whatever the scheme, subdomain (`www.`, `uk.`, `m.`), query
 * string or fragment ("HTTPS://uk.LinkedIn.com/in/Jane-Doe/?trk=x" → "linkedin.com/in/jane-doe"). A member's
 * profile is its `/in/<slug>`: the pages under it (`/en`, `/details/experience/`, `/recent-activity/all/`) and
 * the mobile site's `/mwlite` prefix name the same profile. An old `/profile/view?id=<id>` URL names its profile by
 * the id, kept as written: without it every such URL was one key. Null when the text is not a LinkedIn URL with a path.
 */
export function normalizeLinkedinUrl(text: string): string | null {
  const whole = text.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/^\/\//, "");
  const value = whole.split(/[?#]/, 1)[0] ?? "";
  const slash = value.indexOf("/");
  if (slash < 0) return null;
  const host = value.slice(0, slash).toLowerCase().replace(/:\d*$/, "").replace(/\.$/, "");
  if (host !== "linkedin.com" && !host.endsWith(".linkedin.com")) return null;
  const segments = value
    .slice(slash)
    .split("/")
    .filter((segment) => segment.length > 0)
    .map((segment) => decodedSegment(segment).normalize("NFC").toLowerCase());
  if (segments[0] === "mwlite" && segments[1] === "in") segments.shift();
  if (segments[0] === "in" && segments.length > 2) segments.length = 2;
  if (segments.length === 2 && segments[0] === "profile" && segments[1] === "view") {
    const id = profileViewId(whole.slice(value.length));
    if (id) return `linkedin.com/profile/view?id=${id}`;
  }
  return segments.length > 0 ? `linkedin.com/${segments.join("/")}` : null;
}

/** The member id of an old `/profile/view?id=…` URL's query (a fragment after it ignored), as written; null when none. */
function profileViewId(queryAndFragment: string): string | null {
  if (!queryAndFragment.startsWith("?")) return null;
  const id = new URLSearchParams(queryAndFragment.slice(1).split("#", 1)[0]).get("id")?.trim();
  return id ? id : null;
}
