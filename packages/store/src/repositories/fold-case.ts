/**
 * @module
 * Unicode caseless matching for the specification's "case-insensitive substring" filters (`foldCase`): two texts
 * that differ only in case, or in how Unicode composes the same letters (NFC and NFD), fold to the same text.
 */

/**
 * `text` folded for a case-insensitive comparison: composed (NFC, so "é" typed and "e" + U+0301 as macOS writes it
 * are one letter), then every letter's case folded as Unicode's full case folding does, which `toLowerCase` alone
 * does not: Greek final "ς" is "σ" (so "ΟΔΥΣ" is found in "Οδυσσέας"), "ß" and "ẞ" are "ss", "ﬁ" and "ﬃ" are "fi"
 * and "ffi", and Turkish "İ" and "ı" are "i" as "I" is (a Turkish "İstanbul" and an English "istanbul" are one
 * city). Accents and punctuation are kept: "é" is not "e".
 *
 * @example foldCase("İŞ BANKASI") === foldCase("iş bankası") // true
 */
export function foldCase(text: string): string {
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
