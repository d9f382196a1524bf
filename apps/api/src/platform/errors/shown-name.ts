/**
 * @module
 * Names a client sent, as an error message repeats them: cut to a length a reader can use, so that a key of a
 * megabyte, or sixty thousand keys, is not sent back whole in the 400 that refuses it.
 */
import { cutText } from "../request/cut-text.js";

/** The longest name an error message repeats whole; a longer one is cut and ends with an ellipsis. */
export const MAX_SHOWN_NAME_LENGTH = 60;

/** How many names an error message lists at most; the rest are counted ("and 59,995 more"). */
export const MAX_SHOWN_NAMES = 5;

/**
 * `name` cut to `MAX_SHOWN_NAME_LENGTH` characters, with an ellipsis, when longer.
 *
 * @example
 * cutName("company_custom_fields"); // "company_custom_fields"
 */
export function cutName(name: string): string {
  return name.length > MAX_SHOWN_NAME_LENGTH ? `${cutText(name, MAX_SHOWN_NAME_LENGTH)}…` : name;
}

/**
 * `name` in single quotes, cut as `cutName` cuts it.
 *
 * @example
 * shownName("x".repeat(1_000_000)); // the first 60 x's, then an ellipsis, in quotes
 */
export function shownName(name: string): string {
  return `'${cutName(name)}'`;
}

/**
 * The first `MAX_SHOWN_NAMES` of `names`, each as `shownName` gives it, separated by commas, and how many more there are.
 *
 * @example
 * shownNames(["a", "b", "c", "d", "e", "f", "g"]); // "'a', 'b', 'c', 'd', 'e' and 2 more"
 */
export function shownNames(names: readonly string[]): string {
  const listed = names.slice(0, MAX_SHOWN_NAMES).map(shownName).join(", ");
  const more = names.length - MAX_SHOWN_NAMES;
  return more > 0 ? `${listed} and ${more.toLocaleString("en-US")} more` : listed;
}
