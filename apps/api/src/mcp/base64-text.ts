/** Whether a tool argument is base64 text: what Node's decoder would otherwise read leniently, dropping what it cannot. */

/** The standard or URL-safe alphabet, with its padding at the end only. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * True when `text` is base64 (standard or URL-safe, padded or not, line breaks and spaces allowed, as MIME wraps it).
 * `Buffer.from(text, "base64")` skips any other character and a dangling one, so a damaged argument would decode
 * to other bytes without a word.
 *
 * @example
 * isBase64Text("aGVsbG8="); // true
 * isBase64Text("hello!"); // false
 */
export function isBase64Text(text: string): boolean {
  const compact = text.replace(/\s+/g, "");
  if (!BASE64.test(compact)) return false;
  const unpadded = compact.replace(/=+$/, "");
  return compact.length === unpadded.length ? unpadded.length % 4 !== 1 : compact.length % 4 === 0;
}
