/** @module The checks a list's `..._from`/`..._to` filter pair makes: a bound alone where both go together, a reversed range. */
import { badRequest } from "../errors/api-error.js";

/**
 * Throws a 400 naming both parameters when a range whose bounds go together has only one. A lone
 * bound would otherwise be dropped and the list come back unfiltered.
 */
export function refuseLoneBound(name: string, from: unknown, to: unknown): void {
  if ((from === undefined) !== (to === undefined)) throw badRequest(`${name}_from and ${name}_to go together: send both bounds`);
}

/**
 * Throws a 400 when both bounds are given and `from` lies past `to`: such a range matches nothing,
 * which reads as "no such records" rather than as the mistake it is.
 */
export function refuseReversedRange<Bound extends number | string>(name: string, from: Bound | undefined, to: Bound | undefined, after = "after"): void {
  if (from !== undefined && to !== undefined && from > to) throw badRequest(`${name}_from must not be ${after} ${name}_to`);
}
