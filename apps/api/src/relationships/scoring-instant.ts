/**
 * @module
 * The instant a relationship read scores at: the request's time, or (PathPower) an earlier one the caller names with
 * `as_of`, so that two reads of one figure can be asked at the same instant and a figure compared with last quarter's.
 */
import { badRequest } from "../platform/errors/api-error.js";
import { epochMilliseconds, isoTimestampQuery } from "../platform/request/common-schemas.js";

/** The `as_of` query parameter of the scoring reads. */
export const asOfQuery = () =>
  isoTimestampQuery(
    "Score at this earlier instant, not now (later interactions left out).",
  ).optional();

/** The `scored_at` field of the answers that take `as_of`. */
export const scoredAtField = () => epochMilliseconds("The instant scored at (as_of, else now): send it as as_of to get the same figures again.");

/** The `scored_at` field of the rankings, which score at the request's time only (an earlier instant rescans the tenant). */
export const rankingScoredAtField = () => epochMilliseconds("The instant scored at (the request's time): scores decay, so a later read may differ in the last digits.");

/**
 * `asOf` when given and not after `present`, else `present`. A later instant is a 400: scores are known up to now, and
 * a meeting still to come would count as held.
 */
export function scoringInstant(asOf: number | undefined, present: number): number {
  if (asOf === undefined) return present;
  if (asOf > present) {
    throw badRequest(`as_of ${new Date(asOf).toISOString()} is after the server's time ${new Date(present).toISOString()}: scores are known up to now`);
  }
  return asOf;
}
