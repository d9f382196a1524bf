/**
 * @module
 * The key persons and companies are listed by name in (`nameSortKey`): the name folded so that case and accents do
 * not split the alphabet, stored beside the name (migration 0064) so the lists' index holds the order.
 */
import { foldCase } from "./fold-case.js";
import { foldName } from "./fold-name.js";

/**
 * `name` as the name orders compare it: Unicode's full case folding (`foldCase`), then the accents and the
 * punctuation inside names dropped as the name filters drop them (`foldName`). "Ábel", "abel" and "ABEL" share the
 * key "abel", "Österreich" sorts as "osterreich" among the o's, and other scripts keep their letters, so keys compared
 * by code point put Latin before Greek before Cyrillic before CJK, as Unicode's root collation does.
 *
 * @example nameSortKey("Österreich") // "osterreich"
 */
export function nameSortKey(name: string): string {
  return foldName(foldCase(name));
}
