/**
 * @module
 * The control characters stored text may not hold. One-line text (a name, a title, an email, a label) holds none:
 * not C0 (the tab and line breaks included), DEL, C1 (U+0080 to U+009F) nor the Unicode line and paragraph
 * separators (U+2028, U+2029), since an escape sequence acts on the terminal that prints it, a backspace or BEL
 * hides or rings, and a line break (U+0085 and U+2028 are ones to some readers) splits a CSV row, a vCard line or a
 * list of a record a line. Multi-line text (a note, a description) keeps its layout, the tab, line feed, vertical tab
 * (Word's manual line break, which text copied from it carries), carriage return and the separators, and holds no
 * other control character. The rule lives in the store because the store
 * applies it too (a custom field's text value, the clean-up of text stored before the rule); the API's field schemas,
 * its imports and its command line take it from `@rapport/store/vocabulary`. Names hold besides none of the controls that
 * reorder text (`takeOutReorderingControls`), which are taken out rather than refused.
 */

/** Which rule text is held to. */
export type TextLayout = "one line" | "multi-line";

/**
 * The code points each layout refuses, as inclusive ranges: the one statement of the rule, from which the regular
 * expressions below and the database's `GLOB` pattern are built. One-line text: C0, DEL, C1 and the two Unicode
 * separators. Multi-line text: C0 besides the tab, line feed, vertical tab and carriage return, DEL and C1.
 */
const REFUSED_RANGES: Record<TextLayout, ReadonlyArray<readonly [number, number]>> = {
  "one line": [[0x00, 0x1f], [0x7f, 0x9f], [0x2028, 0x2029]],
  "multi-line": [[0x00, 0x08], [0x0c, 0x0c], [0x0e, 0x1f], [0x7f, 0x9f]],
};

const inClass = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
const characterClass = (layout: TextLayout) =>
  REFUSED_RANGES[layout].map(([first, last]) => `${inClass(first)}-${inClass(last)}`).join("");

const NOT_ONE_LINE = new RegExp(`[${characterClass("one line")}]`, "u");
const NOT_MULTI_LINE = new RegExp(`[${characterClass("multi-line")}]`, "u");

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

/**
 * A `GLOB` pattern matching text that holds a character `refusedCharacter` names under `layout`, NUL aside: SQLite's
 * `GLOB` reads text up to its first NUL, so a query finds NUL with `instr(column, char(0))` besides. For finding the
 * few stored values that need `takeOutControlCharacters` without reading every row into JavaScript.
 *
 * @example
 * db.prepare("select uuid from notes where content glob ? or instr(content, char(0))").all(refusedCharacterGlob("multi-line"));
 */
export function refusedCharacterGlob(layout: TextLayout): string {
  const ranges = REFUSED_RANGES[layout].map(([first, last]) => [Math.max(first, 1), last] as const);
  return `*[${ranges.map(([first, last]) => `${String.fromCodePoint(first)}-${String.fromCodePoint(last)}`).join("")}]*`;
}

/**
 * The controls that reorder the text around them: the embeddings and overrides U+202A to U+202E and the isolates
 * U+2066 to U+2069. Unicode's other bidirectional controls, the marks U+200E, U+200F and U+061C, are not among them:
 * a mark only sets the direction of the punctuation or digits beside it, and right-to-left names hold them.
 */
const REORDERING_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `name` without the controls that reorder the text around them (embeddings, overrides, isolates), its letters kept
 * in the order written. A name is shown on its own (a list, a picker, an agent's answer) and needs none of them,
 * while an override shows "invoice\u202Efdp.exe" as "invoiceexe.pdf" and an embedding swaps a name's words. Taken
 * out, not refused: a name copied from a page or a chat can carry them unseen, and the sender could not find them.
 * The right-to-left and left-to-right marks are kept. Not trimmed: trim the result as the name is.
 *
 * @example
 * takeOutReorderingControls("invoice\u202efdp.exe"); // "invoicefdp.exe"
 * takeOutReorderingControls("\u2067\u05d3\u05e0\u05d4\u2069 Cohen\u200f"); // "\u05d3\u05e0\u05d4 Cohen\u200f"
 */
export function takeOutReorderingControls(name: string): string {
  return name.replace(REORDERING_CONTROLS, "");
}
