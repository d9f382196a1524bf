/**
 * @module
 * The document `persons.exportPersonalData` answers a data subject's access request with (GDPR Art. 15):
 * everything the tenant holds about one person, as plain JSON-serialisable data. Other persons' data is left
 * out: where a record the subject is on names others (an email's other participants), only how many.
 */

/** A person record of the subject: their own, or one merged into it (the same data subject, soft-deleted). */
export interface PersonalDataRecord {
  uuid: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  twitter_url: string | null;
  facebook_url: string | null;
  logo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  tags: string[];
  is_internal: boolean;
  created_at: number;
  service_updated_at: number;
  /** The person this record was merged into (null for the subject's live record). */
  merged_into_uuid: string | null;
  deleted_at: number | null;
}

/** A merge of one of the subject's records into another. */
export interface PersonalDataMerge {
  superseded_uuid: string;
  canonical_uuid: string;
  merged_at: number;
}

/** An email address of the subject. */
export interface PersonalDataEmailAddress {
  person_uuid: string;
  address: string;
  is_primary: boolean;
  created_at: number;
}

/** The subject's user account, when the person is an internal user's own record. */
export interface PersonalDataUser {
  uuid: string;
  name: string;
  email: string;
  role: string;
  is_active: boolean;
  created_at: number;
  updated_at: number;
}

/** A tenure of the subject at a company. */
export interface PersonalDataAffiliation {
  person_uuid: string;
  company_uuid: string;
  company_name: string;
  title: string | null;
  is_current: boolean;
  started_on: string | null;
  ended_on: string | null;
  created_at: number;
  updated_at: number;
}

/** An entity list the subject is on. */
export interface PersonalDataListMembership {
  list_uuid: string;
  list_name: string;
  person_uuid: string;
  added_at: number;
}

/** An opportunity linked to the subject, or that the subject introduced. */
export interface PersonalDataOpportunity {
  uuid: string;
  name: string;
  type_label: string | null;
  stage_name: string | null;
  /** The subject is linked to it (an association); `link_context` is the link's note. */
  linked: boolean;
  link_context: string | null;
  /** The subject is its intro person. */
  introduced: boolean;
  intro_date: string | null;
  created_at: number;
  deleted_at: number | null;
}

/** A file attached to a note or task of the export: what it is, to be downloaded by its uuid if wanted. */
export interface PersonalDataAttachment {
  uuid: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  created_at: number;
}

/** A note linked to the subject: a record about them, given whole. */
export interface PersonalDataNote {
  uuid: string;
  title: string | null;
  content: string;
  link_context: string | null;
  /** The files attached to it (a CV, a scanned card): part of the record, named here, their bytes not inlined. */
  attachments: PersonalDataAttachment[];
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A task linked to the subject. */
export interface PersonalDataTask {
  uuid: string;
  title: string;
  description: string | null;
  status: string;
  due_date: string | null;
  link_context: string | null;
  /** The files attached to it. */
  attachments: PersonalDataAttachment[];
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** An email the subject is on. */
export interface PersonalDataEmail {
  uuid: string;
  message_id: string;
  sent_at: number;
  subject: string | null;
  /** The subject's roles on it (`from`, `to`, `cc`), in that order. */
  roles: string[];
  /** How many other persons are on it: who they are is their data, not the subject's. */
  other_participant_count: number;
  /** The body as an import with `--keep-bodies` stored it; null when only headers were kept. */
  body: string | null;
}

/** A meeting the subject attended, organised, or was taken off the attendee list of. */
export interface PersonalDataMeeting {
  uuid: string;
  title: string;
  starts_at: number;
  ends_at: number | null;
  status: string;
  location: string | null;
  /** The subject organises it. */
  organizer: boolean;
  /** `accepted` or `declined` while on the attendee list; null once taken off it. */
  response: string | null;
  /** The subject was taken off its attendee list (the departure is kept for the activity feed). */
  left: boolean;
  other_attendee_count: number;
  deleted_at: number | null;
}

/** An import job whose stored summary or error names one of the subject's addresses or names. */
export interface PersonalDataImportMention {
  import_uuid: string;
  kind: string;
  file_name: string | null;
  created_at: number;
  /** Each text of the file name, summary or error that names them (a problem's message, a card's file name). */
  texts: string[];
}

/** An internal user's relationship with the subject, as the graph scores it (profiling output). */
export interface PersonalDataRelationship {
  user_uuid: string;
  user_name: string;
  /** The connection score between the user's person and the subject, 0..1 (RQ). */
  connection_score: number;
  connection_score_pretty: number;
  reason: string;
  interaction_count: number;
  last_activity_date: string | null;
}

/** What each score of `derived` means, in plain language, with the deployment's scoring parameters. */
export interface PersonalDataScoreExplanation {
  connection_score: string;
  path_power: string;
  strength_label: string;
  /** What the scores are for. */
  use: string;
}

/** What the graph derives about the subject at `computed_at`. */
export interface PersonalDataDerived {
  computed_at: number;
  /** What the scores below mean, for the data subject reading them. */
  explanation: PersonalDataScoreExplanation;
  /** The users with at least one counted interaction with the subject, strongest first. */
  relationships: PersonalDataRelationship[];
  /** The team's PathPower to the subject (0..1) and its label; null without a counted interaction. */
  path_power: number | null;
  strength_label: string | null;
}

/** Everything the tenant holds about one person. */
export interface PersonalDataExport {
  tenant_uuid: string;
  person_uuid: string;
  exported_at: number;
  /** The subject's live record first, then the records merged into it. */
  persons: PersonalDataRecord[];
  merges: PersonalDataMerge[];
  email_addresses: PersonalDataEmailAddress[];
  user: PersonalDataUser | null;
  affiliations: PersonalDataAffiliation[];
  lists: PersonalDataListMembership[];
  opportunities: PersonalDataOpportunity[];
  notes: PersonalDataNote[];
  tasks: PersonalDataTask[];
  /** Earliest first. */
  emails: PersonalDataEmail[];
  /** Earliest first. */
  meetings: PersonalDataMeeting[];
  import_mentions: PersonalDataImportMention[];
  /**
   * What the graph derives about them; null only inside a caller's transaction (`store.transaction`) when the
   * tenant's graph is not loaded yet: it cannot be read from inside the transaction.
   */
  derived: PersonalDataDerived | null;
}

/**
 * A personal data export read in parts, so a mailbox with stored bodies is never held whole: `document` holds every
 * section from one snapshot except `emails`, which is empty; `emailPages()` reads the emails, earliest first, a
 * page per read (other requests are served between pages). Put together, they are `exportPersonalData`'s document.
 */
export interface PagedPersonalDataExport {
  document: PersonalDataExport;
  emailPages(): AsyncGenerator<PersonalDataEmail[]>;
}
