/**
 * @module
 * The longest text an import writes into each field: the limits the REST API puts on the same fields, so that
 * an archive cannot store what a client could not (a 300,000-character name from a CSV cell, a 50 MiB
 * address). An entry with a longer value is a problem of its own, reported and not written. An email's
 * recipients are held to what `POST /v1/emails/batch` takes in `to` and in `cc` (one feed page of such emails
 * would be megabytes); a meeting's attendees are left alone, since an all-hands meeting is real.
 */
import type { CompanyTextField } from "@rapport/store";
import {
  MAX_COMPANY_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_DOMAIN_LENGTH,
  MAX_EMAIL_ADDRESS_LENGTH,
  MAX_JOB_TITLE_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_MEETING_TEXT_LENGTH,
  MAX_MESSAGE_ID_LENGTH,
  MAX_NAME_PART_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PERSON_PLACE_LENGTH,
  MAX_SUBJECT_LENGTH,
  MAX_WEB_ADDRESS_LENGTH,
  maxCompanyFieldLength,
} from "../platform/request/field-limits.js";
import { MAX_EMAIL_RECIPIENTS } from "../platform/request/count-limits.js";
import type { ImportedAddress, ImportedItem } from "./imported-items.js";

/** A meeting's key is `<UID>#<start>`: the UID within the API's limit, and the start's digits. */
const MEETING_KEY = MAX_MEETING_TEXT_LENGTH + 1 + 20;

type Check = [field: string, value: string | null | undefined, max: number];

function addressChecks(field: string, addresses: readonly ImportedAddress[]): Check[] {
  return addresses.flatMap((address): Check[] => [
    [`${field} address`, address.email, MAX_EMAIL_ADDRESS_LENGTH],
    [`${field} name`, address.name, MAX_DISPLAY_NAME_LENGTH],
  ]);
}

function checksOf(item: ImportedItem): Check[] {
  switch (item.type) {
    case "email":
      return [
        ["message id", item.message_id, MAX_MESSAGE_ID_LENGTH],
        ["subject", item.subject, MAX_SUBJECT_LENGTH],
        ...addressChecks("from", [item.from]),
        ...addressChecks("to", item.to),
        ...addressChecks("cc", item.cc),
      ];
    case "meeting":
      return [
        ["uid", item.external_id, MEETING_KEY],
        ["title", item.title, MAX_MEETING_TEXT_LENGTH],
        ["location", item.location, MAX_MEETING_TEXT_LENGTH],
        ...addressChecks("organizer", item.organizer ? [item.organizer] : []),
        ...addressChecks("attendee", item.attendees),
      ];
    case "person":
      return [
        ["name", item.name, MAX_PERSON_NAME_LENGTH],
        ["first name", item.first_name, MAX_NAME_PART_LENGTH],
        ["last name", item.last_name, MAX_NAME_PART_LENGTH],
        ["job title", item.job_title, MAX_JOB_TITLE_LENGTH],
        ["linkedin url", item.linkedin_url, MAX_WEB_ADDRESS_LENGTH],
        ["twitter url", item.twitter_url, MAX_WEB_ADDRESS_LENGTH],
        ["city", item.city, MAX_PERSON_PLACE_LENGTH],
        ["state", item.state, MAX_PERSON_PLACE_LENGTH],
        ["country", item.country, MAX_PERSON_PLACE_LENGTH],
        ["company name", item.company?.name, MAX_COMPANY_NAME_LENGTH],
        ["company domain", item.company?.domain, MAX_DOMAIN_LENGTH],
        ...item.emails.map((email): Check => ["email", email, MAX_EMAIL_ADDRESS_LENGTH]),
        ...item.tags.map((tag): Check => ["tag", tag, MAX_LABEL_LENGTH]),
      ];
    case "company":
      return [
        ["company name", item.company_name, MAX_COMPANY_NAME_LENGTH],
        ["domain", item.domain, MAX_DOMAIN_LENGTH],
        ...Object.entries(item.fields).map(([field, value]): Check => [field, value, maxCompanyFieldLength(field as CompanyTextField)]),
      ];
  }
}

/** Why an email has too many recipients in `to` or in `cc` for the emails batch endpoint, or null. */
function recipientCountProblem(item: ImportedItem): string | null {
  if (item.type !== "email") return null;
  for (const [field, recipients] of [["to", item.to], ["cc", item.cc]] as const) {
    if (recipients.length > MAX_EMAIL_RECIPIENTS) return `${field} has ${recipients.length} recipients, more than the ${MAX_EMAIL_RECIPIENTS} allowed`;
  }
  return null;
}

/** Why `item` may not be written (too many recipients, or its first value over its field's limit), or null. */
export function importedItemProblem(item: ImportedItem): string | null {
  const countProblem = recipientCountProblem(item);
  if (countProblem !== null) return countProblem;
  for (const [field, value, max] of checksOf(item)) {
    if (value != null && value.length > max) return `${field} is ${value.length} characters long, more than the ${max} allowed`;
  }
  return null;
}
