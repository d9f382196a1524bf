/**
 * @module
 * What an import does with the addresses of persons erased on a data subject's request (store migration 0060): it
 * creates no one for them, leaves them out of the mail and meetings it stores, and counts what it skipped for them
 * under one reason.
 */
import { normalizeEmail } from "@rapport/store";

/** The skip reason of a message, occurrence or contact left out because of an erased address. */
export const ERASED_ADDRESS_SKIP = "address erased on a data subject's request";

/**
 * Whether a message or meeting is left out whole: its sender (or organizer, `senderErased`) was erased, or it names
 * fewer than two persons without its erased addresses. One that never named an erased address is not.
 */
export function leftOutForErasure(addresses: readonly string[], erased: ReadonlySet<string>, senderErased: boolean): boolean {
  const normalized = addresses.map(normalizeEmail);
  if (!normalized.some((address) => erased.has(address))) return false;
  if (senderErased) return true;
  return new Set(normalized.filter((address) => !erased.has(address))).size < 2;
}

/** The addresses without the erased ones. */
export function withoutErased(addresses: readonly string[], erased: ReadonlySet<string>): string[] {
  return addresses.filter((address) => !erased.has(normalizeEmail(address)));
}
