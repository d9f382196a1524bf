/** Checks a value against one of the store's enumerations (`ROLES`, `TIERS`, `MEETING_STATUSES`...) before it is written. */
import { InvalidInputError } from "../errors.js";

/**
 * Throws InvalidInputError unless `value` is one of `allowed`, naming the operation, the field, the allowed values
 * and the value given. A caller in plain JavaScript can hand the store any string; a stored unknown value would
 * break every later reader that switches on the list.
 *
 * @example assertAllowedValue(ROLES, input.role, "role", "users.create");
 */
export function assertAllowedValue<Value extends string>(
  allowed: readonly Value[],
  value: unknown,
  field: string,
  operation: string,
): asserts value is Value {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new InvalidInputError(`${operation}: "${field}" must be one of ${allowed.join(", ")}; got ${JSON.stringify(value) ?? String(value)}`);
  }
}
