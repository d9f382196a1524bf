/**
 * @module
 * The LinkedIn match key as Rapport computed it before store migration 0063 (`legacyLinkedinKey`), kept only so
 * that an erasure remembered under it still recognizes the profile.
 */

/**
 * The key `normalizeLinkedinUrl` gave until migration 0063: the whole lower-cased path, lower-cased before its
 * percent-escapes were decoded, so `/in/x/en` and `/in/%4A` were keys of their own. Erasures digested it; a URL
 * is checked against both keys, so a profile erased before then is still refused.
 */
export function legacyLinkedinKey(text: string): string | null {
  let value = text.trim().toLowerCase();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  value = value.split(/[?#]/, 1)[0] ?? "";
  const slash = value.indexOf("/");
  if (slash < 0) return null;
  const host = value.slice(0, slash).replace(/:\d*$/, "").replace(/\.$/, "");
  if (host !== "linkedin.com" && !host.endsWith(".linkedin.com")) return null;
  let path = value.slice(slash).replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray `%` was kept as written.
  }
  return path.length > 1 ? `linkedin.com${path}` : null;
}
