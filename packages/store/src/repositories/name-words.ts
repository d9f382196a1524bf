/**
 * @module
 * The words a name filter looks for: a text split at white space and at the punctuation that joins or ends the
 * parts of a name (hyphens, apostrophes, full stops, commas, quotes, brackets, slashes, and other scripts' commas,
 * full stops and the katakana middle dot).
 */

/**
 * The punctuation that separates the parts of a name; `%`, `_`, `&` and `@` are not among it. Other scripts' commas,
 * semicolons and full stops are (Arabic "،" and "؛", ideographic "、" and "。"), and the katakana middle dot "・" that
 * joins a foreign given and family name in Japanese ("ジョン・スミス" as "John-Smith"): Unicode's word boundaries
 * (UAX #29) break at each, as search engines' tokenizers do. Their compatibility forms (half-width "･", small "﹑")
 * are them once read as NFKC.
 */
export const NAME_PUNCTUATION = /[.,;:!?()[\]{}"'‘’‚‛“”«»‹›\-‐‑‒–—―/،؛、。・]/u;

/** White space and `NAME_PUNCTUATION`. */
const NAME_WORD_SEPARATORS = new RegExp(`(?:\\s|${NAME_PUNCTUATION.source})+`, "u");

/**
 * The words of `text` for a name filter, in their plain forms (NFKC): split at white space and at `NAME_WORD_SEPARATORS`
 * (their full-width forms too), so "J. Smith-Jones"
 * looks for "J", "Smith" and "Jones", "O'Brien" for "O" and "Brien", "Acme, Inc." for "Acme" and "Inc". Text of
 * punctuation only ("..."), which would hold no word, is split at white space alone; blank text has no word.
 *
 * @example nameWords("Smith-Jones, J.") // ["Smith", "Jones", "J"]
 */
export function nameWords(text: string): string[] {
  // Compatibility characters as their plain forms first (NFKC, as `foldName` reads them): full-width "，" and "－", as
  // Japanese input writes them, separate words as "," and "-" do.
  const plain = text.normalize("NFKC");
  const words = plain.split(NAME_WORD_SEPARATORS).filter(Boolean);
  return words.length > 0 ? words : plain.split(/\s+/).filter(Boolean);
}
