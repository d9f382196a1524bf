/**
 * @module
 * The longest text an import writes into each field: the limits the REST API puts on the same fields, so that
 * an archive cannot store what a client could not (a 300,000-character name from a CSV cell, a 50 MiB
 * address). An entry with a longer value is a problem of its own, reported and not written; counts (of
 * recipients, attendees) are left alone, since an all-hands meeting is real.
 */
import type { ImportedAddress, ImportedItem } from "./imported-items.js";

const ADDRESS = 320;
const DISPLAY_NAME = 200;
const URL = 2_000;
const COMPANY_TEXT = 2_000;
const DESCRIPTION = 20_000;
/** A meeting's key is `<UID>#<start>`: the UID within the API's 500 characters, and the start's digits. */
const MEETING_KEY = 500 + 1 + 20;

type Check = [field: string, value: string | null | undefined, max: number];

function addressChecks(field: string, addresses: readonly ImportedAddress[]): Check[] {
  return addresses.flatMap((address): Check[] => [
    [`${field} address`, address.email, ADDRESS],
    [`${field} name`, address.name, DISPLAY_NAME],
  ]);
}

function checksOf(item: ImportedItem): Check[] {
  switch (item.type) {
    case "email":
      return [
        ["message id", item.message_id, 998],
        ["subject", item.subject, 2_000],
        ...addressChecks("from", [item.from]),
        ...addressChecks("to", item.to),
        ...addressChecks("cc", item.cc),
      ];
    case "meeting":
      return [
        ["uid", item.external_id, MEETING_KEY],
        ["title", item.title, 500],
        ["location", item.location, 500],
        ...addressChecks("organizer", item.organizer ? [item.organizer] : []),
        ...addressChecks("attendee", item.attendees),
      ];
    case "person":
      return [
        ["name", item.name, 300],
        ["first name", item.first_name, 200],
        ["last name", item.last_name, 200],
        ["job title", item.job_title, 300],
        ["linkedin url", item.linkedin_url, URL],
        ["twitter url", item.twitter_url, URL],
        ["city", item.city, 200],
        ["state", item.state, 200],
        ["country", item.country, 200],
        ["company name", item.company?.name, 300],
        ["company domain", item.company?.domain, 300],
        ...item.emails.map((email): Check => ["email", email, ADDRESS]),
        ...item.tags.map((tag): Check => ["tag", tag, 100]),
      ];
    case "company":
      return [
        ["company name", item.company_name, 300],
        ["domain", item.domain, 300],
        ...Object.entries(item.fields).map(([field, value]): Check => [field, value, field === "description" ? DESCRIPTION : COMPANY_TEXT]),
      ];
  }
}

/** Why `item` may not be written (its first value over its field's limit), or null. */
export function importedItemProblem(item: ImportedItem): string | null {
  for (const [field, value, max] of checksOf(item)) {
    if (value != null && value.length > max) return `${field} is ${value.length} characters long, more than the ${max} allowed`;
  }
  return null;
}
