/**
 * @module
 * The one folding a name search compares text in (`foldName`): case, accents and the punctuation inside names
 * ignored, so "jose" finds "José", "lukasz" "Łukasz" and "obrien" "O'Brien"; and the same folding as a SQLite
 * function (`registerFoldName`), for the stored names.
 */
import type SqliteDatabase from "better-sqlite3";
import transliterate from "@sindresorhus/transliterate";
import { foldCase } from "./fold-case.js";
import { NAME_PUNCTUATION } from "./name-words.js";

/** The SQLite function `registerFoldName` registers: `rapport_fold_name(text)` is `foldName(text)`. */
export const FOLD_NAME_FUNCTION = "rapport_fold_name";

const MARK = /\p{M}/gu;
const LATIN = /\p{Script=Latin}/u;
const ASCII = /^[\x00-\x7f]*$/;
const PUNCTUATION = new RegExp(NAME_PUNCTUATION.source, "gu");
const folded = new Map<string, string>();

/** One character folded: lower case, its marks dropped, a Latin letter still not ASCII transliterated, punctuation dropped. */
function foldCharacter(character: string): string {
  let result = folded.get(character);
  if (result !== undefined) return result;
  // Decomposed first, so "ü" is "u" (not German "ue") and "й" is "и"; what has no decomposition ("ł", "ø", "đ",
  // "ß", "æ") is the transliteration library's. Other scripts keep their letters.
  result = character.toLowerCase().normalize("NFD").replace(MARK, "").replace("ς", "σ");
  if (!ASCII.test(result) && LATIN.test(result)) result = transliterate(result).toLowerCase();
  result = result.replace(PUNCTUATION, "");
  if (folded.size < 10_000) folded.set(character, result);
  return result;
}

/**
 * `text` as a name search compares it: every letter in lower case without its accents ("É" is "e"), Latin letters
 * that have no accent to drop written in A–Z ("Ł" is "l", "ß" "ss", "æ" "ae"), and the punctuation between the
 * parts of a name (`NAME_PUNCTUATION`: apostrophes, hyphens, full stops...) left out. Each character is folded on
 * its own, so the folding of a part of a text is a part of the text's folding, and folding twice changes nothing.
 *
 * @example foldName("O'Brien-Łukasz Zoë") // "obrienlukasz zoe"
 */
export function foldName(text: string): string {
  if (/^[ 0-9a-z]*$/.test(text)) return text;
  let result = "";
  for (const character of text) result += foldCharacter(character);
  return result;
}

/** The SQLite function `registerFoldName` registers beside it: `rapport_fold_case(text)` is `foldCase(text)`. */
export const CASE_FOLD_FUNCTION = "rapport_fold_case";

/**
 * Registers `FOLD_NAME_FUNCTION` and `CASE_FOLD_FUNCTION` on a connection: every connection that runs a name or
 * text filter needs them.
 */
export function registerFoldName(sqlite: SqliteDatabase.Database): void {
  sqlite.function(FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? foldName(text) : text));
  sqlite.function(CASE_FOLD_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? foldCase(text) : text));
}
