/**
 * @module
 * A contact's tags from its labels or categories, without the marks and groups of Google Contacts' exports that say
 * nothing about the contact.
 */
import { distinctTags } from "@rapport/store";

/** Google's group of every contact of the account (`* myContacts` in its CSV export, `myContacts` in its vCards). */
const EVERY_CONTACT_GROUP = "mycontacts";

/**
 * The tags of `labels` (already split), trimmed, without duplicates (case aside, as `distinctTags` has it): Google's
 * `* ` mark of a system group is taken off (`* starred` is `starred`) and its group of every contact, `myContacts`, is
 * left out.
 *
 * @example
 * contactTags(["* myContacts", "* starred", "Investors"]); // ["starred", "Investors"]
 */
export function contactTags(labels: Iterable<string>): string[] {
  const tags: string[] = [];
  for (const label of labels) {
    const tag = label.trim().replace(/^\*\s+/, "").trim();
    if (tag && tag.toLowerCase() !== EVERY_CONTACT_GROUP) tags.push(tag);
  }
  return distinctTags(tags);
}
