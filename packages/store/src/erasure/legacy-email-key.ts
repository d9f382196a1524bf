/**
 * @module
 * The email keys as Rapport computed them before store migration 0083 (`legacyEmailKey`, `legacyEmailKeysOf`), kept
 * only so that an erasure remembered under one still recognizes the address.
 */
import { asciiEmailForm } from "../normalize.js";

/**
 * The key `normalizeEmail` gave until migration 0083: trimmed, `mailto:` dropped, lower case, the domain as written
 * (`xn--` labels, a trailing dot and full-width letters kept). Erasures digested it; an address is checked against it too.
 */
export function legacyEmailKey(address: string): string {
  return address.trim().replace(/^mailto:/i, "").trim().toLowerCase();
}

/** Printable ASCII but `@` and `.` as its full-width form ("a" is "ａ"), as a Japanese input method's full-width mode types it. */
const fullWidth = (text: string): string => text.replace(/[!-\-/-?A-~]/g, (character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0));

/**
 * The keys an erasure before migration 0083 may have digested an address under, from its key now (`normalizeEmail`'s):
 * every caller checks the key alone, never the spelling that was typed, so `legacyEmailKey` of it is the key itself.
 * The domain in its Unicode or its ASCII (`xn--`) labels, each with or without the root's trailing dot, and the local
 * part and the Unicode domain in full-width letters (the release before refused a full-width `@` or dot), each also
 * decomposed (NFD, as macOS types "ü"). A spelling mixing full-width and plain letters in one part is not recognized.
 *
 * @example legacyEmailKeysOf("anna@müller.de") // includes "anna@müller.de.", "anna@xn--mller-kva.de." and "ａｎｎａ@ｍüｌｌｅｒ.ｄｅ"
 */
export function legacyEmailKeysOf(normalized: string): string[] {
  const at = normalized.lastIndexOf("@");
  if (at < 0) return [normalized];
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  const asciiDomain = asciiEmailForm(normalized).slice(at + 1);
  const keys = new Set<string>();
  for (const eachLocal of new Set([local, fullWidth(local)])) {
    for (const eachDomain of new Set([domain, asciiDomain, fullWidth(domain)])) {
      for (const key of [`${eachLocal}@${eachDomain}`, `${eachLocal}@${eachDomain}.`]) keys.add(key).add(key.normalize("NFD"));
    }
  }
  return [...keys];
}
