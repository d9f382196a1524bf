/** @module The checks a list's `..._from`/`..._to` filter pair makes: a bound alone where both go together, a reversed range. */
import { badRequest } from "../errors/api-error.js";

/**
 * Throws a 400 naming both parameters when a range whose bounds go together has only one. A lone
 * bound would otherwise be dropped and the list come back unfiltered.
 */
export function refuseLoneBound(name: string, from: unknown, to: unknown): void {
  if ((from === undefined) !== (to === undefined)) throw badRequest(`${name}_from and ${name}_to go together: send both bounds`);
}

/** A range's parameters: a prefix for the `..._from`/`..._to` pair, or both names where the pair is named otherwise (`updated_after`, `updated_before`). */
export type RangeNames = string | readonly [from: string, to: string];

/**
 * Throws a 400 when both bounds are given and `from` lies past `to`: such a range matches nothing,
 * which reads as "no such records" rather than as the mistake it is.
 *
 * @example
 * refuseReversedRange(["updated_after", "updated_before"], 2, 1) // throws "updated_after must not be after updated_before"
 */
export function refuseReversedRange<Bound extends number | string>(names: RangeNames, from: Bound | undefined, to: Bound | undefined, after = "after"): void {
  const [fromName, toName] = typeof names === "string" ? [`${names}_from`, `${names}_to`] : names;
  if (from !== undefined && to !== undefined && from > to) throw badRequest(`${fromName} must not be ${after} ${toName}`);
}
