/**
 * @module
 * The key persons and companies are listed by name in (`nameSortKey`): the name folded so that case and accents do
 * not split the alphabet, stored beside the name (migration 0064) so the lists' index holds the order.
 */
import { foldCase } from "./fold-case.js";
import { foldName } from "./fold-name.js";

/**
 * The characters (code points) of a name's key. A cursor of a name order carries the last row's key, and folding
 * lengthens some characters many times ("ﷺ" is 18 letters): 300 of them made a key of 9,900 bytes and a cursor past
 * what the lists accept. 300 keeps every name of the lists' longest (300 characters) whole unless folding lengthens it.
 */
export const NAME_SORT_KEY_LENGTH = 300;

/**
 * `name` as the name orders compare it: Unicode's full case folding (`foldCase`), then the accents and the
 * punctuation inside names dropped as the name filters drop them (`foldName`), cut to its first
 * `NAME_SORT_KEY_LENGTH` code points (names alike that far are ordered by the name as written, then uuid). "Ábel",
 * "abel" and "ABEL" share the key "abel", "Österreich" sorts as "osterreich" among the o's, and other scripts keep
 * their letters, so keys compared by code point put Latin before Greek before Cyrillic before CJK, as Unicode's root
 * collation does.
 *
 * @example nameSortKey("Österreich") // "osterreich"
 */
export function nameSortKey(name: string): string {
  return firstCodePoints(foldName(foldCase(name)), NAME_SORT_KEY_LENGTH);
}

/** The first `count` code points of `text` (a surrogate pair is one). */
export function firstCodePoints(text: string, count: number): string {
  if (text.length <= count) return text;
  let cut = "";
  let taken = 0;
  for (const character of text) {
    if (taken++ === count) break;
    cut += character;
  }
  return cut;
}
