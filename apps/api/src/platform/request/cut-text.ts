/** Text cut to a length limit without splitting a character. */

/**
 * `text` cut to at most `maxLength` UTF-16 code units (what a JavaScript string's `length`, and so every field
 * limit, counts), one less where the cut would fall inside a surrogate pair: half a pair is no character, and the
 * database stores it as three replacement characters, which would make a cut title longer than its limit.
 *
 * @example
 * cutText("ab😀", 3); // "ab"
 */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const last = text.charCodeAt(maxLength - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? maxLength - 1 : maxLength);
}
