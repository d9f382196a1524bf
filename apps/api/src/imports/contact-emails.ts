/**
 * @module
 * The email addresses of a contact (a CSV row or a vCard), sorted into those Rapport can store and those it cannot,
 * so that a bad address is reported by name instead of vanishing.
 */
import { normalizeEmail } from "@rapport/store";
import type { ImportedPerson, SourceEntry } from "./imported-items.js";
import { toImportedAddress } from "./parse-mail-message.js";

/** Longest piece of a refused address quoted back: a cell can be megabytes long. */
const QUOTED_ADDRESS_LENGTH = 80;

export interface ContactEmails {
  /** Normalized, without duplicates, in the order given. */
  valid: string[];
  /** As written (trimmed), in the order given. */
  invalid: string[];
}

/** Sorts candidate addresses into valid (normalized) and invalid (as written) ones. */
export function sortContactEmails(candidates: Iterable<string>): ContactEmails {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const candidate of candidates) {
    const text = candidate.trim();
    if (!text) continue;
    const address = toImportedAddress(text, null);
    if (!address) invalid.push(text);
    else if (!valid.includes(normalizeEmail(address.email))) valid.push(normalizeEmail(address.email));
  }
  return { valid, invalid };
}

function describeInvalid(invalid: readonly string[]): string {
  const quoted = invalid.map((address) => `'${address.slice(0, QUOTED_ADDRESS_LENGTH)}'`).join(", ");
  return invalid.length === 1 ? `email ${quoted} is not an email address` : `emails ${quoted} are not email addresses`;
}

/**
 * The entry for a contact whose addresses were sorted: with no invalid address, the person; with an invalid one and
 * nothing else to match on (no valid address, no LinkedIn URL), a problem naming it; otherwise the person, with the
 * invalid addresses as a caveat (see docs/api-decisions.md).
 */
export function contactEntry(position: string, person: ImportedPerson, invalid: readonly string[]): SourceEntry {
  if (invalid.length === 0) return { position, item: person };
  if (person.emails.length === 0 && person.linkedin_url === null) return { position, problem: describeInvalid(invalid) };
  return { position, item: person, caveat: `${describeInvalid(invalid)}; imported without ${invalid.length === 1 ? "it" : "them"}` };
}
