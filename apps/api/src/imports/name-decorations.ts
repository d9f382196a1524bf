/**
 * @module
 * A person's name without what people add to it on a profile: pronouns and notes in brackets ("Lee Park (He/Him)"),
 * credentials after a comma ("Jane Doe, MBA", "Amy Wu, PhD, CFA"), emoji ("Amy Wu 🚀"). LinkedIn's connections export
 * gives the last name as its member typed it, a phone's card the name as its owner saved it: compared as written,
 * the same candidate from both was two persons.
 */

/** Bracketed text anywhere in a name: pronouns, a maiden name, a note ("(she/her)", "[Hiring]", "（彼）"). */
const BRACKETED = /\s*[([{（［][^)\]}）］]*[)\]}）］]/gu;
/** Pictographs (emoji) and other symbols, and the joiners and variation selectors that build emoji sequences. */
const SYMBOLS = /[\p{Extended_Pictographic}\p{So}\u200d\ufe0e\ufe0f]/gu;
/** Credentials written with fewer than two capitals, which the capitals rule below would miss. */
const MIXED_CASE_CREDENTIALS = new Set(["esq", "jr", "sr", "dr", "prof"]);

/**
 * True for a part after a comma that holds only credentials: each word an abbreviation of two capitals or more
 * ("MBA", "PhD", "M.Sc.", "SHRM-CP") or one of the few that have one ("Esq.", "Jr."). A given name after a comma
 * ("Doe, Jane") is not one, so "Last, First" is kept whole.
 */
function isCredentials(part: string): boolean {
  const words = part.trim().split(/\s+/).filter((word) => word !== "");
  return (
    words.length > 0 &&
    words.every((word) => {
      const letters = word.replace(/[.\-/&]/g, "");
      return /^\p{L}+$/u.test(letters) && ((letters.match(/\p{Lu}/gu)?.length ?? 0) >= 2 || MIXED_CASE_CREDENTIALS.has(letters.toLowerCase()));
    })
  );
}

/**
 * `name` without bracketed text, emoji and symbols, and credentials after a comma; the name as it was when nothing
 * else would be left.
 *
 * @example
 * withoutNameDecorations("Jane Doe, MBA"); // "Jane Doe"
 * withoutNameDecorations("Lee Park (He/Him) 🚀"); // "Lee Park"
 * withoutNameDecorations("Doe, Jane"); // "Doe, Jane"
 */
export function withoutNameDecorations(name: string): string {
  const parts = name.replace(BRACKETED, " ").replace(SYMBOLS, " ").split(",");
  while (parts.length > 1 && isCredentials(parts.at(-1)!)) parts.pop();
  const plain = parts.join(",").replace(/\s+/g, " ").trim().replace(/[\s,|\-–—·]+$/u, "");
  return plain === "" ? name : plain;
}
