/**
 * @module
 * The email key as Rapport computed it before store migration 0083 (`legacyEmailKey`), kept only so that an erasure
 * remembered under it still recognizes the address.
 */

/**
 * The key `normalizeEmail` gave until migration 0083: trimmed, `mailto:` dropped, lower case, the domain as written
 * (`xn--` labels, a trailing dot and full-width letters kept). Erasures digested it; an address is checked against it too.
 */
export function legacyEmailKey(address: string): string {
  return address.trim().replace(/^mailto:/i, "").trim().toLowerCase();
}
