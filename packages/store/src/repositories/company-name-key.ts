/**
 * @module
 * The key an import finds a company by its name with (`companyNameKey`): one key for the spellings of one name, so that
 * "ВТБ" and "втб", "ÖKO GmbH" and "öko gmbh", "ΑΛΦΑ" and "Άλφα", "ＴＯＹＯＴＡ" and "Toyota" find one company.
 */
import { foldCase } from "./fold-case.js";

/**
 * `name` as a company's identity compares it: trimmed, its compatibility characters in their plain form (NFKC, as Unicode
 * recommends for identifiers: full-width "ＡＢＣ" is "ABC", "①" is "1", a no-break space a space) and every letter's case
 * folded as Unicode folds it (`foldCase`, which also drops Greek accents, since Greek capitals are written without them,
 * and reads Arabic's letter forms as their letters: "بانک ملی" is "بانك ملي").
 * Other accents count: "Müller AG" and "Muller AG" are two keys (a name without its accents may be another firm's: a
 * person linked to the wrong company goes unseen, a second company is in plain sight in the list).
 *
 * @example companyNameKey(" ÖKO GmbH ") === companyNameKey("öko gmbh") // true
 */
export function companyNameKey(name: string): string {
  // Trimmed once folded: a vowel mark dropped after a last space leaves the space last.
  return foldCase(name.normalize("NFKC")).trim();
}
