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
  return uuidOrRefused(value, "must be a UUID");
}

/**
 * `--tenant`'s parser: `uuidOption`, whose refusal says which command lists the tenants' UUIDs (a tenant's name is
 * what a new operator types first).
 */
export function tenantUuidOption(value: string): string {
  return uuidOrRefused(value, "must be a UUID, not a name: rapport tenants list shows each tenant's");
}

/**
 * `--user`'s parser: `uuidOption`, whose refusal says which command lists the users' UUIDs (an email address is what
 * an operator importing a mailbox types first).
 */
export function userUuidOption(value: string): string {
  return uuidOrRefused(value, "must be a UUID, not a name or an email address: rapport users list --tenant <tenant uuid> shows each user's");
}

function uuidOrRefused(value: string, refusal: string): string {
  const trimmed = value.trim();
  if (!isUuid(trimmed)) throw new InvalidArgumentError(refusal);
  return trimmed.toLowerCase();
}
