/** Checks that a person carries something to know them by, the rule the REST API's person create and update apply. */
import { InvalidInputError } from "../errors.js";
import { normalizeEmail } from "../normalize.js";
import type { NewPerson } from "../records.js";

const isFilled = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

const addressOf = (email: unknown): unknown =>
  typeof email === "object" && email !== null && "address" in email ? email.address : email;

/** The rule's text, as both a create and an update refuse with it. */
export const PERSON_IDENTITY_RULE = "a person needs at least a name (name, first_name or last_name), an email address or a LinkedIn URL";

/** True when `input` has a name (`name`, `first_name` or `last_name`), an email address or a LinkedIn URL that is not blank. */
export function isPersonIdentified(input: Pick<NewPerson, "name" | "first_name" | "last_name" | "linkedin_url" | "emails">): boolean {
  const emails: unknown[] = Array.isArray(input.emails) ? input.emails : [];
  const hasEmail = emails.some((email) => {
    const address = addressOf(email);
    return typeof address === "string" && normalizeEmail(address) !== "";
  });
  return isFilled(input.name) || isFilled(input.first_name) || isFilled(input.last_name) || isFilled(input.linkedin_url) || hasEmail;
}

/**
 * Throws InvalidInputError unless `input` is identified (`isPersonIdentified`). Without any of them the person would be
 * stored with an empty display name and nothing to find, match or show them by.
 *
 * @example assertPersonIdentified(input, "persons.create");
 */
export function assertPersonIdentified(input: NewPerson, operation: string): void {
  if (!isPersonIdentified(input)) throw new InvalidInputError(`${operation}: ${PERSON_IDENTITY_RULE}`);
}
