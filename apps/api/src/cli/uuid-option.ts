/** Parses a UUID option (`--tenant`, `--user`, `--key-id`) as the REST API reads a UUID in a path. */
import { InvalidArgumentError } from "commander";
import { isUuid } from "../platform/request/uuid-pattern.js";

/**
 * The UUID `value` in lower case, the form the store keeps: tools that print UUIDs in upper case name the same
 * record. Anything that is not a UUID is refused, as a path parameter is ("must be a UUID").
 *
 * @example
 * new Option("--tenant <uuid>").argParser(uuidOption); // "--tenant 6F1C…" finds tenant "6f1c…"
 */
export function uuidOption(value: string): string {
  const trimmed = value.trim();
  if (!isUuid(trimmed)) throw new InvalidArgumentError("must be a UUID");
  return trimmed.toLowerCase();
}
