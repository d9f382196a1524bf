/** @module The refusal of one item of `emails.ingestMany`, worded as `emails.ingest` words the same input's. */
import type { InvalidInputError } from "../errors.js";
import { callShape } from "./call-shapes.js";
import { INPUT_SHAPES } from "./input-shapes.js";
import { refusalOf, shapeError } from "./with-checked-calls.js";

const EMAIL_INPUT = callShape(["input", INPUT_SHAPES.email]);

/**
 * Why `emails.ingest` would refuse `item` before reading anything (a field it does not take, a field of the wrong
 * type, a missing `sent_at` or `from`), or null when it has the shape. `ingestMany` answers such an item `ERROR`
 * with this refusal and goes on with the others.
 *
 * @example
 * emailItemRefusal({ message_id: "m1", sent_at: 1, from: { email: "ada@acme.example" }, subjct: "Hi" })?.message;
 * // 'emails.ingest: unknown field "subjct" (input takes message_id, sent_at, subject, from, to, cc)'
 */
export function emailItemRefusal(item: unknown): InvalidInputError | null {
  const error = shapeError(EMAIL_INPUT, [item]);
  return error === null ? null : refusalOf("emails.ingest", EMAIL_INPUT, error);
}
