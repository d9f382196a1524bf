/**
 * @module
 * The key an opportunity's text sorts compare (`textSortKey`): the name order's key of persons and companies, bounded,
 * stored beside each text (migration 0080) so the list sorts alphabetically and a cursor carries a short key.
 */
import { firstCodePoints, nameSortKey } from "./name-sort-key.js";

/** The characters (code points) of a text's key: a cursor carries the last row's key, and details run to 10,000. */
export const TEXT_SORT_KEY_LENGTH = 256;

/**
 * `text` as the opportunity list's text sorts (`name`, `details`, `next_step`) compare it: `nameSortKey` (case,
 * accents and the punctuation inside names folded away: "Ábel", "abel" and "ABEL" share "abel", "Émile" comes before
 * "Zeta"), cut to its first `TEXT_SORT_KEY_LENGTH` code points. Texts alike that far are one key, their order the
 * list's uuid tiebreaker.
 *
 * @example textSortKey("Émile & Co.") // "emile & co"
 */
export function textSortKey(text: string): string {
  return firstCodePoints(nameSortKey(text), TEXT_SORT_KEY_LENGTH);
}

/** `textSortKey` of a text that may be absent: null stays null (an empty value, last in both directions). */
export const nullableTextSortKey = (text: string | null): string | null => (text === null ? null : textSortKey(text));
