/**
 * @module
 * The control characters stored text may not hold. One-line text (a name, a title, an email, a label) holds none:
 * not C0 (the tab and line breaks included), DEL, C1 (U+0080 to U+009F) nor the Unicode line and paragraph
 * separators (U+2028, U+2029), since an escape sequence acts on the terminal that prints it, a backspace or BEL
 * hides or rings, and a line break (U+0085 and U+2028 are ones to some readers) splits a CSV row, a vCard line or a
 * list of a record a line. Multi-line text (a note, a description) keeps its layout, the tab, line feed and carriage
 * return, and the separators, and holds no other control character.
 */

/** Which rule text is held to. */
export type TextLayout = "one line" | "multi-line";

/** C0, DEL, C1 and the two Unicode separators: what one-line text may not hold. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

/** C0 besides the tab, line feed and carriage return, DEL and C1: what multi-line text may not hold. */
const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/**
 * The first character `text` may not hold under `layout`, written `U+XXXX`, or null when there is none.
 *
 * @example
 * refusedCharacter("Ada\u001b[2J", "one line"); // "U+001B"
 * refusedCharacter("Dear Ada,\n\tthanks", "multi-line"); // null
 */
export function refusedCharacter(text: string, layout: TextLayout): string | null {
  const found = (layout === "one line" ? NOT_ONE_LINE : NOT_MULTI_LINE).exec(text)?.[0];
  return found === undefined ? null : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What a refused value is told, given the character `refusedCharacter` named. */
export const controlCharacterProblem = (codePoint: string) =>
  codePoint === "U+2028" || codePoint === "U+2029"
    ? `must be one line: no line separator (${codePoint})`
    : `must not contain control characters (${codePoint})`;

/** A run of the characters that lay text out: the tab, line breaks and the separators. */
const LAYOUT_RUN = /[\t\n\u000b\u000c\r\u0085\u2028\u2029]+/gu;

/**
 * `text` without the characters `refusedCharacter` names under `layout`: in one-line text a run of tabs and line
 * breaks becomes one space (a name broken over two lines is still two words) and the result is trimmed; every other
 * refused character is removed. For text that is not a request's (an import's), where a refusal would lose the entry.
 *
 * @example
 * takeOutControlCharacters("Ada\nLovelace\u001b[0m", "one line"); // "Ada Lovelace[0m"
 */
export function takeOutControlCharacters(text: string, layout: TextLayout): string {
  if (refusedCharacter(text, layout) === null) return text;
  if (layout === "multi-line") return text.replace(new RegExp(NOT_MULTI_LINE.source, "gu"), "");
  return text.replace(LAYOUT_RUN, " ").replace(new RegExp(NOT_ONE_LINE.source, "gu"), "").trim();
}
