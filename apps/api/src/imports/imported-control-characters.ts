/**
 * @module
 * Control characters taken out of an imported item's text, by the rule the REST API refuses them by
 * (@rapport/store's control-character.ts): a contact's name with an escape sequence, a CSV cell with a line break.
 * An archive is not a client that can send again, so its entry is imported without them, and the fields changed are
 * listed among the summary's problems; a required value left empty makes the entry a problem of its own. Names lose the
 * controls that reorder text as well (`takeOutReorderingControls`), as the REST API takes them out of a name.
 */
import { takeOutControlCharacters, takeOutReorderingControls, type TextLayout } from "@rapport/store/vocabulary";
import type { ImportedAddress, ImportedItem } from "./imported-items.js";

/** The item as it may be written, and the fields that lost characters; or why it may not be written at all. */
export type CleanedItem = { item: ImportedItem; changed: string[] } | { problem: string };

/** Thrown inside `cleanImportedItem` when a required value held nothing but control characters. */
class EmptiedValue extends Error {}

/**
 * `item` without control characters in its text: one-line fields (names, titles, addresses, labels) hold none,
 * the tab and line breaks becoming a space, and names none of the controls that reorder text; an email's subject and
 * body, and a company's description, keep their layout.
 */
export function cleanImportedItem(item: ImportedItem): CleanedItem {
  const changed: string[] = [];
  const text = (field: string, value: string, layout: TextLayout = "one line"): string => {
    const cleaned = takeOutControlCharacters(value, layout);
    if (cleaned !== value && !changed.includes(field)) changed.push(field);
    return cleaned;
  };
  // A name without the controls that reorder text, trimmed when it held one, as the REST API's names are.
  const nameText = (field: string, value: string): string => {
    const reordered = takeOutReorderingControls(value);
    const cleaned = text(field, reordered === value ? value : reordered.trim());
    if (cleaned !== value && !changed.includes(field)) changed.push(field);
    return cleaned;
  };
  const requiredText = (field: string, value: string, clean: (field: string, value: string) => string): string => {
    const cleaned = clean(field, value);
    if (cleaned === "" && value !== "") throw new EmptiedValue(`${field} holds nothing but control characters`);
    return cleaned;
  };
  const required = (field: string, value: string): string => requiredText(field, value, text);
  const requiredName = (field: string, value: string): string => requiredText(field, value, nameText);
  const optional = (field: string, value: string | null, layout: TextLayout = "one line"): string | null =>
    value === null ? null : text(field, value, layout) || null;
  const name = (field: string, value: string | null): string | null => (value === null ? null : nameText(field, value) || null);
  const address = <Address extends ImportedAddress>(field: string, value: Address): Address => ({
    ...value,
    email: required(`${field} address`, value.email),
    name: name(`${field} name`, value.name),
  });
  const labels = (field: string, values: string[]) => values.map((value) => text(field, value)).filter(Boolean);
  try {
    const cleaned = cleanItem(item, { required, requiredName, optional, name, address, labels });
    return { item: changed.length === 0 ? item : cleaned, changed };
  } catch (error) {
    if (error instanceof EmptiedValue) return { problem: error.message };
    throw error;
  }
}

interface Cleaners {
  required(field: string, value: string): string;
  requiredName(field: string, value: string): string;
  optional(field: string, value: string | null, layout?: TextLayout): string | null;
  name(field: string, value: string | null): string | null;
  address<Address extends ImportedAddress>(field: string, value: Address): Address;
  labels(field: string, values: string[]): string[];
}

function cleanItem(item: ImportedItem, { required, requiredName, optional, name, address, labels }: Cleaners): ImportedItem {
  switch (item.type) {
    case "email":
      return {
        ...item,
        message_id: required("message id", item.message_id),
        subject: optional("subject", item.subject, "multi-line"),
        from: address("from", item.from),
        to: item.to.map((recipient) => address("to", recipient)),
        cc: item.cc.map((recipient) => address("cc", recipient)),
        body_text: optional("body", item.body_text, "multi-line"),
      };
    case "meeting":
      return {
        ...item,
        external_id: required("uid", item.external_id),
        title: required("title", item.title),
        location: optional("location", item.location),
        organizer: item.organizer === null ? null : address("organizer", item.organizer),
        attendees: item.attendees.map((attendee) => address("attendee", attendee)),
      };
    case "person":
      return {
        ...item,
        name: name("name", item.name),
        first_name: name("first name", item.first_name),
        last_name: name("last name", item.last_name),
        emails: labels("email", item.emails),
        linkedin_url: optional("linkedin url", item.linkedin_url),
        job_title: optional("job title", item.job_title),
        company: item.company === null ? null : { name: name("company name", item.company.name), domain: optional("company domain", item.company.domain) },
        twitter_url: optional("twitter url", item.twitter_url),
        city: optional("city", item.city),
        state: optional("state", item.state),
        country: optional("country", item.country),
        tags: labels("tag", item.tags),
      };
    case "company":
      return {
        ...item,
        company_name: requiredName("company name", item.company_name),
        domain: optional("domain", item.domain),
        fields: Object.fromEntries<string>(
          Object.entries(item.fields).flatMap(([field, value]) => {
            const cleaned = optional(field.replaceAll("_", " "), value, field === "description" ? "multi-line" : "one line");
            return cleaned === null ? [] : [[field, cleaned]];
          }),
        ),
      };
  }
}
