/** @module Refuses a person merge whose merged person would hold more email addresses, tags or affiliations than a person may. */
import { InvalidInputError } from "../errors.js";
import type { Person } from "../records.js";
import type { PersonMergeLimits } from "../store.js";

/**
 * Throws an InvalidInputError (the spec's status for a person merge's other validation failures) when `merged` holds
 * more email addresses, tags or affiliations than `limits` allow. A person over a write limit could be read but never
 * written back as read (a PUT resending the list is refused), and dropping entries to fit would lose what a user typed:
 * the user trims either person first. Nothing without limits.
 *
 * @example
 * checkMergedPersonLimits(merged, { emails: 20, tags: 50, affiliations: 50 }); // throws for 21 addresses
 */
export function checkMergedPersonLimits(merged: Person, limits: PersonMergeLimits | undefined): void {
  if (limits === undefined) return;
  const counts = [
    ["email addresses", merged.emails.length, limits.emails],
    ["tags", merged.tags.length, limits.tags],
    ["affiliations", merged.affiliations.length, limits.affiliations],
  ] as const;
  for (const [what, count, most] of counts) {
    if (count > most) {
      throw new InvalidInputError(
        `the merged person would hold ${count} ${what}, more than the ${most} a person may hold: remove some from either person (PUT /v1/persons/{person_uuid}), then merge`,
      );
    }
  }
}
