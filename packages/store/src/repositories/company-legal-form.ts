/**
 * @module
 * A company name without its legal form (`withoutLegalForm`): what `companies.nameSuggestions` compares,
 * so that "Northwind Robotics Inc" finds "Northwind Robotics" and "Acme GmbH" finds "Acme Ltd." (no maintained
 * JavaScript package lists legal forms; these are the common ones of ISO 20275's English, German, French, Spanish,
 * Italian, Dutch, Nordic and Asian-English registers, written as a name's words fold).
 */
import { foldName } from "./fold-name.js";
import { NAME_PUNCTUATION } from "./name-words.js";

/** Legal forms, folded as `foldName` folds a word and with their full stops left out ("S.p.A." is "spa"). */
export const COMPANY_LEGAL_FORMS: ReadonlySet<string> = new Set([
  // English-speaking registers.
  "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "llp", "lp", "plc", "pllc",
  "pty", "pte", "bhd", "sdn", "pvt",
  // German, Austrian, Swiss.
  "gmbh", "ag", "kg", "ohg", "ug", "mbh", "kgaa", "ev", "eg", "se",
  // French, Spanish, Portuguese, Italian, Latin American.
  "sa", "sas", "sasu", "sarl", "eurl", "sl", "slu", "srl", "spa", "sapa", "snc", "ltda", "sca", "cv", "sab",
  // Dutch, Belgian, Nordic, Japanese.
  "bv", "nv", "vof", "bvba", "ab", "as", "asa", "aps", "oy", "oyj", "hf", "kk",
]);

/** Words joining two legal forms ("GmbH & Co. KG", "S.A. de C.V."), dropped with them. */
const JOINING_WORDS: ReadonlySet<string> = new Set(["&", "and", "und", "de"]);

const WORD_SEPARATORS = new RegExp(`(?:\\s|${NAME_PUNCTUATION.source})+`, "gu");

/** Where each word of `text` starts, and the word folded. */
function foldedWords(text: string): Array<{ start: number; folded: string }> {
  const words: Array<{ start: number; folded: string }> = [];
  let start = 0;
  const wordUpTo = (end: number) => {
    if (end > start) words.push({ start, folded: foldName(text.slice(start, end)) });
  };
  for (const separator of text.matchAll(WORD_SEPARATORS)) {
    wordUpTo(separator.index);
    start = separator.index + separator[0].length;
  }
  wordUpTo(text.length);
  return words;
}

/** How many of `words`' last ones form one legal form: the last word, or up to four lone letters ("S.p.A."); 0 for none. */
function legalFormLength(words: ReadonlyArray<{ folded: string }>): number {
  const last = words.at(-1)?.folded;
  if (last === undefined) return 0;
  if (COMPANY_LEGAL_FORMS.has(last)) return 1;
  let letters = "";
  for (let count = 1; count <= Math.min(4, words.length); count += 1) {
    const word = words[words.length - count]!.folded;
    if (word.length !== 1) return 0;
    letters = word + letters;
    if (count > 1 && COMPANY_LEGAL_FORMS.has(letters)) return count;
  }
  return 0;
}

/**
 * `name` without the legal forms that end it ("Co., Ltd.", "GmbH & Co. KG", "S.A."), in its plain form (NFKC); the name
 * as it is when nothing else would be left ("AG", "Inc.") or it ends in none. Only the end: "AB Volvo" keeps its "AB".
 *
 * @example withoutLegalForm("Northwind Robotics, Inc.") // "Northwind Robotics"
 * @example withoutLegalForm("Müller GmbH & Co. KG") // "Müller"
 */
export function withoutLegalForm(name: string): string {
  const plain = name.normalize("NFKC");
  const words = foldedWords(plain);
  let kept = words.length;
  for (;;) {
    const length = legalFormLength(words.slice(0, kept));
    if (length === 0 || length >= kept) break;
    kept -= length;
    if (kept > 1 && JOINING_WORDS.has(words[kept - 1]!.folded)) kept -= 1;
  }
  if (kept === words.length) return name;
  // Up to the first word dropped; the punctuation before it goes too (the comma of "Acme, Inc.").
  return plain.slice(0, words[kept]!.start).replace(/[\s,]+$/u, "");
}
