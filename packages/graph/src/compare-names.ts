/**
 * @module
 * The order names sort in (`compareNames`): alphabetical as Unicode's default collation has it, for every script, not
 * by code point, where "Émile" and "Çağlar" came after "Zoe".
 */
import { invalidArgument } from "./internal/errors.js";

/** Unicode CLDR's root collation: no one language's, the same on every server (of one ICU version). */
const collator = new Intl.Collator("und");

/**
 * Compares two names for an ascending sort: alphabetically in every script ("Ayşe", "Çağlar", "Émile", "Ömer",
 * "Zeynep"; "Анна" before "Борис" whatever their case), names equal to the collation (composed and decomposed
 * letters) then by code point, so the order is total; null (no name) last. Anything else is a `GraphInputError`
 * (`undefined` sorted as the word "undefined", a Symbol failed with a TypeError).
 *
 * @example ["Zoe", "Émile", "adam"].sort(compareNames) // ["adam", "Émile", "Zoe"]
 */
export function compareNames(left: string | null, right: string | null): number {
  if (typeof left !== "string" && left !== null) throw invalidArgument("compareNames", '"left" to be a string or null', left);
  if (typeof right !== "string" && right !== null) throw invalidArgument("compareNames", '"right" to be a string or null', right);
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return collator.compare(left, right) || (left < right ? -1 : 1);
}
