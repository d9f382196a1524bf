/** Checks that a write's input carries the fields the store cannot do without, and no blank text in them, before anything is written. */
import { InvalidInputError } from "../errors.js";

/**
 * Throws InvalidInputError naming the first of `fields` that `input` lacks (absent or null). The types require them,
 * but a caller in plain JavaScript can leave them out: the write would fail half-way on a NOT NULL column, or on the
 * missing value itself, with SQLite's or the runtime's words instead of the field's name.
 *
 * @example assertRequiredFields(input, ["tenant_uuid", "company_name"], "companies.create");
 */
export function assertRequiredFields<Input extends object>(input: Input, fields: ReadonlyArray<keyof Input & string>, operation: string): void {
  if (typeof input !== "object" || input === null) throw new InvalidInputError(`${operation}: expecting an object, got ${String(input)}`);
  for (const field of fields) {
    if (input[field] === undefined || input[field] === null) throw new InvalidInputError(`${operation}: "${field}" is required`);
  }
}

/**
 * Throws InvalidInputError, quoting the value, unless `value` is a string with something besides white space: a key
 * such as an email's `message_id` that is empty would still pass a NOT NULL column and match every other empty one.
 *
 * @example assertNonBlankText(input.message_id, "message_id", "emails.ingest");
 */
export function assertNonBlankText(value: unknown, field: string, operation: string): asserts value is string {
  if (typeof value === "string" && value.trim() !== "") return;
  throw new InvalidInputError(`${operation}: "${field}" must be a non-blank string; got ${JSON.stringify(value) ?? String(value)}`);
}

/**
 * Throws InvalidInputError, quoting the value, for the first of `fields` that `input` sets (to anything but
 * undefined) without text besides white space: a name, title or label that the REST API refuses blank. An absent
 * field passes, so an update checks only what it changes; a create leaves absence to `assertRequiredFields` (or to
 * the NOT NULL translation of `withTypedWriteErrors`).
 *
 * @example assertNonBlankFields(patch, ["company_name"], "companies.update");
 */
export function assertNonBlankFields<Input extends object>(input: Input, fields: ReadonlyArray<keyof Input & string>, operation: string): void {
  if (typeof input !== "object" || input === null) throw new InvalidInputError(`${operation}: expecting an object, got ${String(input)}`);
  for (const field of fields) {
    if (input[field] !== undefined) assertNonBlankText(input[field], field, operation);
  }
}
