/**
 * @module
 * How much a recommended-paths answer lists, single-target and batch: a leaf module, so the schemas that
 * describe these bounds (presenters, batch bodies) and the ranking that applies them read the same numbers
 * without importing each other.
 */

/**
 * Opportunity uuids a hop names at most (the most recently updated); `signal_metadata.associations`
 * counts them all. A busy contact is linked to thousands of opportunities and appears in many paths:
 * listing them all made one recommended-paths response megabytes long, and a batch of 100 targets
 * hundreds of megabytes.
 */
export const HOP_ASSOCIATIONS_LIMIT = 10;

/**
 * `priority_management` entries per item at most (the highest priority first). For a company target
 * there is one per person of the company the user reaches: thousands at a large company, which made a
 * batch of 100 companies tens of megabytes at benchmark scale M and more than a JSON string can hold
 * at L.
 */
export const PRIORITY_ENTRIES_LIMIT = 10;

/**
 * A company target's `top_external_contacts` at most (the graph's own ceiling), and what an answer lists unless asked
 * for fewer: each contact names every teammate who knows them, so these are most of a company's answer (13 of its
 * 15 KB at benchmark scale S), and an agent asking about 100 companies over MCP could fit two of them in a tool result.
 */
export const TOP_EXTERNAL_CONTACTS_LIMIT = 10;

/**
 * `internal_connectors` a top external contact lists at most when asked for fewer (`connectors_per_contact`): each
 * contact names every teammate who knows them unless asked, about 4.4 KB a company at benchmark scale L, so an agent
 * asking about many companies fits few in a tool result.
 */
export const CONNECTORS_PER_CONTACT_LIMIT = 10;

/** Paths listed per item by the single-target endpoints: the graph's default, and the most a batch may ask for. */
export const PATHS_PER_ITEM = 10;

/**
 * Paths listed per item, priority entries per item and opportunities named per hop in a batch
 * response: a batch is an overview of up to 100 targets, each teammate's best route to each target
 * (with 3 of each, 100 companies made eight megabytes of JSON at benchmark scale L; with 10, more);
 * the single-target endpoints list 10 of each. `path_count` and `signal_metadata` still count them
 * all. The first two are defaults: a batch body may ask for 0 to 10.
 */
export const BATCH_PATHS_PER_ITEM = 1;
/** `priority_management` entries per item of a batch by default (see above). */
export const BATCH_PRIORITY_ENTRIES_LIMIT = 1;
export const BATCH_HOP_ASSOCIATIONS_LIMIT = 3;

/**
 * Targets a batch ranks and sends per part: ten targets' answers are about half a megabyte, enough to
 * share scores between targets and few enough that the first bytes leave early and later parts are
 * ranked while earlier ones travel.
 */
export const BATCH_TARGETS_PER_PART = 10;
