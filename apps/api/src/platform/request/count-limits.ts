/**
 * @module
 * The most entries each list or object of a request may hold: what the REST schemas enforce and what their
 * descriptions and messages say, from one number each so the two cannot drift apart. The most items a batch
 * operation takes is kept beside its operation (`MAX_BATCH_PERSONS`, `MAX_BATCH_TARGETS`, ...).
 */
import { FORMER_DOMAINS_KEPT, MAX_OPPORTUNITY_CUSTOM_FIELDS, MAX_STAGES_PER_PIPELINE } from "@rapport/store";

/**
 * Keys of a company's or an opportunity's `custom_fields` object: as many as a tenant may define for opportunities, so
 * an opportunity read (a value of each field at most) can be written back whole.
 */
export const MAX_CUSTOM_FIELDS_PER_RECORD = MAX_OPPORTUNITY_CUSTOM_FIELDS;
/** Labels of one tag list (a person's `tags`, a company's `service_industry_tags`, `investor_types`, `npi_types`). */
export const MAX_LABELS_PER_LIST = 50;
/** A company's former domains (`former_domains`): as many as the store keeps, so a company read can be written back. */
export const MAX_FORMER_DOMAINS = FORMER_DOMAINS_KEPT;
/** A person's email addresses. */
export const MAX_PERSON_EMAIL_ADDRESSES = 20;
/** A person's affiliations. */
export const MAX_PERSON_AFFILIATIONS = 50;
/** Records linked to an opportunity or a task as it is created (`associations`). */
export const MAX_ASSOCIATIONS_ON_CREATE = 100;
/** Recipients of an ingested email, in `to` and in `cc` each. */
export const MAX_EMAIL_RECIPIENTS = 1_000;
/** A meeting's attendees. */
export const MAX_MEETING_ATTENDEES = 500;
/** The choices of a select custom field. */
export const MAX_CUSTOM_FIELD_CHOICES = 200;
/** The stages of one pipeline of an opportunity type, as a reorder lists them: as many as a pipeline may hold. */
export const MAX_PIPELINE_STAGES = MAX_STAGES_PER_PIPELINE;
/** Companies or persons added to an entity list in one call. */
export const MAX_LIST_ENTITIES_PER_CALL = 100;
/** Column mappings of a CSV import (`map`, repeated). */
export const MAX_COLUMN_MAPPINGS = 50;
/**
 * Parts of a `multipart/form-data` upload (`POST /v1/files`, `POST /v1/imports`): an import's file, its 7 other fields
 * and its mappings fit. The platform's form parser took 2 s of the event loop, every other request waiting, for 150,000
 * empty parts in 10 MB.
 */
export const MAX_MULTIPART_PARTS = 100;
/** Values of one comma-separated filter of the company list. */
export const MAX_FILTER_VALUES = 100;
/** UUIDs of one comma-separated query parameter (`uuids` of the PathPower scores, ...). */
export const MAX_QUERY_UUIDS = 100;
