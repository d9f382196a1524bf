/**
 * @module
 * The one folding a name search compares text in (`foldName`): case, accents, compatibility forms (full-width letters,
 * ligatures) and the punctuation inside names ignored, so "jose" finds "José", "tanaka" "ＴＡＮＡＫＡ", "lukasz" "Łukasz"
 * and "obrien" "O'Brien", Arabic's letter forms as their letters ("علی" finds "علي"), while the marks that write
 * another letter or vowel ("राम" is not "रम") count; the looser folding the name indexes hold (`foldNameForIndex`,
 * every mark dropped); and both as SQLite functions (`registerFoldName`), for the stored names.
 */
import type SqliteDatabase from "better-sqlite3";
import transliterate from "@sindresorhus/transliterate";
import { foldArabicLetterForms } from "./arabic-letter-forms.js";
import { foldCase } from "./fold-case.js";
import { NAME_PUNCTUATION } from "./name-words.js";

/** The SQLite function `registerFoldName` registers for comparisons: `rapport_compare_name(text)` is `foldName(text)`. */
export const FOLD_NAME_FUNCTION = "rapport_compare_name";

/**
 * The SQLite function the name indexes are written with (name-search-notes.ts): `rapport_fold_name(text)` is
 * `foldNameForIndex(text)`. Its name and folding are those the indexes were built with (migration 0059).
 */
export const INDEX_FOLD_NAME_FUNCTION = "rapport_fold_name";

const MARK = /\p{M}/gu;
/**
 * The marks a name search drops: accents and vowel points, that is the marks common to scripts (Unicode's Inherited
 * script: the acute, the breve of "й", Arabic's harakat) and those of Hebrew and Arabic, which are written or left out
 * at will. Not kana's voicing marks ("ガ" is not "カ"), nor the vowel signs and viramas of Indic scripts or Thai's
 * vowels and tones, which write another syllable: dropped, "राम" (Ram) found "प्रिया शर्मा" (Priya Sharma).
 */
const ACCENT = /(?![\u3099\u309a])(?=[\p{Script=Inherited}\p{Script=Hebrew}\p{Script=Arabic}])\p{M}/gu;
const LATIN = /\p{Script=Latin}/u;
const ASCII = /^[\x00-\x7f]*$/;
const PUNCTUATION = new RegExp(NAME_PUNCTUATION.source, "gu");
const folded = new Map<string, string>();

/**
 * One character folded: its compatibility form's plain letters, lower case, its accents dropped, a Latin letter still
 * not ASCII transliterated, punctuation dropped.
 */
function foldCharacter(character: string): string {
  let result = folded.get(character);
  if (result !== undefined) return result;
  // NFKC first, as Unicode recommends for matching identifiers: full-width "Ｔ" is "T", half-width "ｶ" is "カ", "ﬁ" is
  // "fi", "①" is "1". Decomposed next, so "ü" is "u" (not German "ue") and "й" is "и"; what has no decomposition
  // ("ł", "ø", "đ", "ß", "æ") is the transliteration library's. Other scripts keep their letters, Arabic's letter forms
  // read as their letters (Persian "ی" as "ي", before decomposition: "ۀ" decomposes to Kurdish "ە").
  result = foldArabicLetterForms(character.normalize("NFKC")).toLowerCase().normalize("NFD").replace(ACCENT, "").replace("ς", "σ");
  if (!ASCII.test(result) && LATIN.test(result)) result = transliterate(result).toLowerCase();
  result = result.replace(PUNCTUATION, "");
  if (folded.size < 10_000) folded.set(character, result);
  return result;
}

/**
 * `text` as a name search compares it: compatibility characters as their plain letters (NFKC: full-width "ＴＡＮＡＫＡ" is
 * "tanaka", the ligature "ﬁ" is "fi", "①" is "1"), every letter in lower case without its accents ("É" is "e"), Latin letters
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

/**
 * `text` as the name indexes hold it: `foldName` with every mark dropped ("राम" is "रम"). A text `foldName` finds in a
 * name, this finds in the name so folded, so the indexes narrow a search down to a superset of its matches.
 *
 * @example foldNameForIndex("राम वर्मा") // "रम वरम"
 */
export function foldNameForIndex(text: string): string {
  return foldName(text).replace(MARK, "");
}

/** The SQLite function `registerFoldName` registers beside it: `rapport_fold_case(text)` is `foldCase(text)`. */
export const CASE_FOLD_FUNCTION = "rapport_fold_case";

/**
 * Registers `FOLD_NAME_FUNCTION`, `INDEX_FOLD_NAME_FUNCTION` and `CASE_FOLD_FUNCTION` on a connection: every
 * connection that runs a name or text filter, or writes the name indexes, needs them.
 */
export function registerFoldName(sqlite: SqliteDatabase.Database): void {
  sqlite.function(FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? foldName(text) : text));
  sqlite.function(INDEX_FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? foldNameForIndex(text) : text));
  sqlite.function(CASE_FOLD_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? foldCase(text) : text));
}
