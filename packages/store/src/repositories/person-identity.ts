/** Checks that a new person carries something to know them by, the rule the REST API's person create applies. */
import { InvalidInputError } from "../errors.js";
import { normalizeEmail } from "../normalize.js";
import type { NewPerson } from "../records.js";

const isFilled = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

const addressOf = (email: unknown): unknown =>
  typeof email === "object" && email !== null && "address" in email ? email.address : email;

/**
 * Throws InvalidInputError unless `input` has a name (`name`, `first_name` or `last_name`), an email address or a
 * LinkedIn URL that is not blank. Without any of them the person would be stored with an empty display name and
 * nothing to find, match or show them by.
 *
 * @example assertPersonIdentified(input, "persons.create");
 */
export function assertPersonIdentified(input: NewPerson, operation: string): void {
  const emails: unknown[] = Array.isArray(input.emails) ? input.emails : [];
  const hasEmail = emails.some((email) => {
    const address = addressOf(email);
    return typeof address === "string" && normalizeEmail(address) !== "";
  });
  if (isFilled(input.name) || isFilled(input.first_name) || isFilled(input.last_name) || isFilled(input.linkedin_url) || hasEmail) return;
  throw new InvalidInputError(`${operation}: a person needs at least a name (name, first_name or last_name), an email address or a LinkedIn URL`);
}
