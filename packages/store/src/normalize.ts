/** Normalization of match keys shared by every write and lookup. */
import { domainToASCII, domainToUnicode } from "node:url";

/**
 * Lower-cases A–Z only, as SQLite's `lower()` does (no ICU): text compared with `lower(column)` must
 * fold the same way. Lower-cased in full, "Électricité" became "électricité", which `lower()` of the
 * stored "Électricité" ("Électricité") never equals, so a name with a capital É, Ø or Д missed itself.
 */
export function sqliteLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/** `text` without the dots it ends with; a loop, as a pattern anchored at the end retries every dot of a long run. */
function withoutTrailingDots(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ".") end -= 1;
  return text.slice(0, end);
}

/**
 * A lower-cased host name in its one form: mapped as IDNA (UTS #46) maps it (full-width letters and dots, Unicode's case
 * folding, NFC), written with its Unicode labels (`xn--mller-kva.de` is "müller.de"), without a trailing dot. A host
 * IDNA refuses is kept as it is (lower case, composed), for the callers' shape checks to judge.
 */
function canonicalHost(host: string): string {
  // Printable ASCII without `xn--` or a trailing dot is already in its one form once lower-cased.
  if (PRINTABLE_ASCII.test(host) && !host.includes("xn--") && !host.endsWith(".")) return host;
  const ascii = domainToASCII(host.normalize("NFC"));
  const unicode = ascii === "" ? "" : domainToUnicode(ascii);
  return withoutTrailingDots(unicode === "" ? host.normalize("NFC") : unicode);
}

/**
 * An email address as it is stored and compared: trimmed, `mailto:` dropped, lower case, its compatibility characters
 * in their plain form (NFKC: full-width "ａｎｎａ＠" as a Japanese input method writes it is "anna@", "josé" typed
 * composed or decomposed is one), and the domain in its one form (`canonicalHost`): "anna@xn--mller-kva.de",
 * "ANNA@MÜLLER.DE" and "anna@müller.de." are all "anna@müller.de".
 *
 * @example normalizeEmail(" mailto:Anna@XN--MLLER-KVA.de. ") // "anna@müller.de"
 */
export function normalizeEmail(address: string): string {
  const lowered = address.normalize("NFKC").trim().replace(/^mailto:/i, "").trim().toLowerCase();
  const at = lowered.lastIndexOf("@");
  if (at < 0) return lowered;
  return `${lowered.slice(0, at)}@${canonicalHost(lowered.slice(at + 1))}`;
}

/** A normalized address's ASCII form (its domain's IDNA labels: "anna@xn--mller-kva.de"), or the address when it has none. */
export function asciiEmailForm(normalized: string): string {
  const at = normalized.lastIndexOf("@");
  const ascii = at < 0 ? "" : domainToASCII(normalized.slice(at + 1));
  return ascii === "" ? normalized : `${normalized.slice(0, at)}@${ascii}`;
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
 * path, query or trailing dot ("https://www.Acme.com/about" → "acme.com"), an internationalized one in the form
 * `normalizeEmail` gives an address's domain, its Unicode labels ("www.XN--MLLER-KVA.de" → "müller.de"). Null when what
 * remains is not a host name.
 */
export function normalizeDomain(text: string): string | null {
  let value = text.trim().toLowerCase();
  if (value.startsWith("mailto:")) value = value.slice("mailto:".length);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  value = value.split(/[/?#]/, 1)[0] ?? "";
  const at = value.lastIndexOf("@");
  if (at >= 0) value = value.slice(at + 1);
  value = canonicalHost(value.replace(/:\d*$/, "")).replace(/^www\d*\./, "");
  return DOMAIN_SHAPE.test(PRINTABLE_ASCII.test(value) ? value : domainToASCII(value)) ? value : null;
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
