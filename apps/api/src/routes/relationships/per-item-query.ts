/** The query parameters that bound what a single-target recommended-paths answer lists: per item, and a company's contacts. */
import { wholeNumberText } from "../../platform/request/whole-number-text.js";
import { CONNECTORS_PER_CONTACT_LIMIT, PATHS_PER_ITEM, PRIORITY_ENTRIES_LIMIT, TOP_EXTERNAL_CONTACTS_LIMIT } from "../../relationships/recommended-path-limits.js";

/**
 * A count per item from 0 to `maximum`, its text read as `per_page`'s: anything else (a fraction, a word, less or
 * more) is a 400 naming the parameter, as the batch body's field of the same name is. Not clamped like `per_page`:
 * the specification clamps its own paging parameters, and these are ours, read as the batch reads them.
 */
/** What `connectors_per_contact` says, in the company endpoint's query and the company batch's body. */
export const CONNECTORS_PER_CONTACT_DESCRIPTION = `internal_connectors per contact, strongest first, 0-${CONNECTORS_PER_CONTACT_LIMIT} (default all).`;

const countPerItem = (maximum: number, description: string) => {
  const message = `must be an integer from 0 to ${maximum}`;
  return wholeNumberText(message)
    .refine((count) => count >= 0 && count <= maximum, message)
    .optional()
    .describe(description);
};

/** `paths_per_item` and `priority_entries_per_item` of the single-target endpoints (default: all they list, 10 each). */
export const perItemQuery = {
  paths_per_item: countPerItem(PATHS_PER_ITEM, `Paths per item, 0-${PATHS_PER_ITEM} (default ${PATHS_PER_ITEM}).`),
  priority_entries_per_item: countPerItem(
    PRIORITY_ENTRIES_LIMIT,
    `Priority entries per item, 0-${PRIORITY_ENTRIES_LIMIT} (default ${PRIORITY_ENTRIES_LIMIT}).`,
  ),
};

/** `top_external_contacts_limit` (default: all it lists, 10) and `connectors_per_contact` (default: all) of the company endpoint. */
export const topExternalContactsQuery = {
  top_external_contacts_limit: countPerItem(
    TOP_EXTERNAL_CONTACTS_LIMIT,
    `top_external_contacts listed, strongest first, 0-${TOP_EXTERNAL_CONTACTS_LIMIT} (default ${TOP_EXTERNAL_CONTACTS_LIMIT}).`,
  ),
  connectors_per_contact: countPerItem(CONNECTORS_PER_CONTACT_LIMIT, CONNECTORS_PER_CONTACT_DESCRIPTION),
};

/** The ranking options these parameters ask for, the single-target defaults where one is not given. */
export const perItemLimits = (query: {
  paths_per_item?: number;
  priority_entries_per_item?: number;
  top_external_contacts_limit?: number;
  connectors_per_contact?: number;
}) => ({
  maximumPathsPerItem: query.paths_per_item ?? PATHS_PER_ITEM,
  maximumPriorityEntries: query.priority_entries_per_item ?? PRIORITY_ENTRIES_LIMIT,
  topExternalContactsLimit: query.top_external_contacts_limit ?? TOP_EXTERNAL_CONTACTS_LIMIT,
  connectorsPerContact: query.connectors_per_contact,
});
