/**
 * @module
 * The key an import finds a company by its name with (`companyNameKey`): one key for the spellings of one name, so that
 * "ВТБ" and "втб", "ÖKO GmbH" and "öko gmbh", "ΑΛΦΑ" and "Άλφα", "ＴＯＹＯＴＡ" and "Toyota", "Acme, Inc." and
 * "ACME INC" find one company.
 */
import { foldCase } from "./fold-case.js";

/**
 * What a firm's name is written with around its words and letters, and never tells two firms apart: punctuation
 * (the comma and full stop of "Acme, Inc.", the hyphen of "Coca-Cola", the apostrophe of "Macy's") and white space of
 * any kind.
 */
const DECORATION = /[\p{P}\p{Z}\s]+/gu;

/** The marks a name is decorated with, left out before NFKC spells "™" and "℠" as the letters "TM" and "SM". */
const MARKS = /[®™℠©]/gu;

/**
 * `name` as a company's identity compares it: its compatibility characters in their plain form (NFKC, as Unicode
 * recommends for identifiers: full-width "ＡＢＣ" is "ABC", "①" is "1", a no-break space a space), every letter's case
 * folded as Unicode folds it (`foldCase`, which also drops Greek accents, since Greek capitals are written without them,
 * and reads Arabic's letter forms as their letters: "بانک ملی" is "بانك ملي"), then without its punctuation, spaces and
 * ® ™ ℠ © (`DECORATION`, `MARKS`: "Acme, Inc.", "Acme Inc" and "ACME INC." are one key, "Coca-Cola" and "Coca Cola" another).
 * A name of nothing but those keeps them, trimmed ("!!!" is not the empty key every such name would share).
 * Other accents and symbols count: "Müller AG" and "Muller AG" are two keys (a name without its accents may be another
 * firm's: a person linked to the wrong company goes unseen, a second company is in plain sight in the list), and so are
 * "C++ Labs" and "C Labs".
 *
 * @example companyNameKey(" ÖKO GmbH ") === companyNameKey("öko gmbh") // true
 * @example companyNameKey("Acme, Inc.") === companyNameKey("ACME INC") // true
 */
export function companyNameKey(name: string): string {
  const bare = foldCase(name.replace(MARKS, "").normalize("NFKC")).replace(DECORATION, "");
  // Trimmed once folded: a vowel mark dropped after a last space leaves the space last.
  return bare === "" ? foldCase(name.normalize("NFKC")).trim() : bare;
}
