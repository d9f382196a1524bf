/**
 * @module
 * Unicode caseless matching for the specification's "case-insensitive substring" filters (`foldCase`): two texts
 * that differ only in case, in how Unicode composes the same letters (NFC and NFD) or in which Arabic or Persian
 * keyboard typed an Arabic letter, fold to the same text.
 */
import { foldArabicLetterForms } from "./arabic-letter-forms.js";

/**
 * `text` folded for a case-insensitive comparison: composed (NFC, so "é" typed and "e" + U+0301 as macOS writes it
 * are one letter), then every letter's case folded as Unicode's full case folding does, which `toLowerCase` alone
 * does not: Greek final "ς" is "σ" (so "ΟΔΥΣ" is found in "Οδυσσέας"), "ß" and "ẞ" are "ss", "ﬁ" and "ﬃ" are "fi"
 * and "ffi", and Turkish "İ" and "ı" are "i" as "I" is (a Turkish "İstanbul" and an English "istanbul" are one
 * city). Accents and punctuation are kept ("é" is not "e"), but for Greek's: Greek capitals are written without them
 * (the capitals of "Αθήνα" are "ΑΘΗΝΑ"), so "ΑΘΗΝΑ", "Αθήνα" and "αθηνα" are one word; a dialytika is kept. Arabic
 * has no case, but its keyboards type one letter as several code points: its letter forms are read as their letters and
 * its optional vowel marks dropped (`foldArabicLetterForms`: Persian "علی" is Arabic "علي").
 *
 * @example foldCase("İŞ BANKASI") === foldCase("iş bankası") // true
 */
export function foldCase(text: string): string {
  const letters = foldArabicLetterForms(text.normalize("NFC"));
  if (GREEK.test(letters)) return foldCaseWithoutGreekAccents(letters);
  return foldLetterCase(letters);
}

const GREEK = /\p{Script=Greek}/u;
/** A Greek letter's accents (tonos or oxia, varia, perispomeni) and breathings; not its dialytika. */
const GREEK_ACCENT = /(\p{Script=Greek}\p{M}*?)[\u0300\u0301\u0313\u0314\u0342]/gu;

/** `foldLetterCase` of Greek text, its accents dropped: Greek is written in capitals without them ("ΑΘΗΝΑ" is "Αθήνα"). */
function foldCaseWithoutGreekAccents(text: string): string {
  let decomposed = foldLetterCase(text).normalize("NFD");
  for (let before = ""; before !== decomposed; ) [before, decomposed] = [decomposed, decomposed.replace(GREEK_ACCENT, "$1")];
  return decomposed.normalize("NFC");
}

function foldLetterCase(text: string): string {
  // Upper case then lower: "ß" to "SS" to "ss", "ﬃ" to "FFI" to "ffi", "ı" to "I" to "i". "İ" is taken as "I" first,
  // as its lower case is "i" with a combining dot above; "ẞ" comes back as "ß", and final "ς" after a letter.
  return text
    .normalize("NFC")
    .replaceAll("İ", "I")
    .toUpperCase()
    .toLowerCase()
    .replaceAll("ς", "σ")
    .replaceAll("ß", "ss")
    .normalize("NFC");
}
