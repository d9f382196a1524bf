/**
 * @module
 * Row types of every table, as Kysely sees them. Booleans are stored as 0/1 integers so the same
 * SQL runs on SQLite and PostgreSQL; times are epoch milliseconds.
 */
import type { Generated } from "kysely";

export interface TenantsTable {
  uuid: string;
  name: string;
  tier: string;
  per_second_limit: number | null;
  monthly_limit: number | null;
  created_at: number;
  deleted_at: number | null;
  /** Migration 0087: the process of a `rapport tenants import` still writing the tenant; readers take it for absent. */
  importing_pid: number | null;
}

export interface UsersTable {
  uuid: string;
  tenant_uuid: string;
  person_uuid: string;
  name: string;
  /** `nameSortKey(name)`, written with every name (migration 0080): the order of the opportunities' `sort_by=owner`. */
  name_sort_key: string;
  email: string;
  role: string;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  uuid: string;
  tenant_uuid: string;
  user_uuid: string | null;
  key_hash: string;
  key_prefix: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
  /** 1 for a key that may only read (migration 0037), else 0. */
  read_only: number;
  /** When a rotation's grace period ends and the key stops working (migration 0048); null: never. */
  expires_at: number | null;
  /** The key the rotations that made this one began with (migration 0095); null: this key itself. */
  lineage_uuid: string | null;
}

/** The last use of each key that was ever used (migration 0048), written at most about once a minute per key. */
export interface ApiKeyUsesTable {
  key_uuid: string;
  tenant_uuid: string;
  last_used_at: number;
  /** `rest` or `mcp`. */
  last_used_via: string;
}

export interface PersonsTable {
  uuid: string;
  tenant_uuid: string;
  first_name: string | null;
  last_name: string | null;
  name: string;
  job_title: string | null;
  primary_company_uuid: string | null;
  linkedin_url: string | null;
  twitter_url: string | null;
  facebook_url: string | null;
  logo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  tags: string;
  is_internal: number;
  created_at: number;
  service_updated_at: number;
  deleted_at: number | null;
}

export interface PersonEmailsTable {
  tenant_uuid: string;
  person_uuid: string;
  address: string;
  is_primary: number;
  created_at: number;
}

export interface CompaniesTable {
  uuid: string;
  tenant_uuid: string;
  company_name: string;
  /** `companyNameKey(company_name)`, written with the name (migration 0065): what an import finds the company by; null in a deleted tenant's rows. */
  name_match_key: string | null;
  domain: string | null;
  acquisition_status: string | null;
  business_model: string | null;
  city: string | null;
  company_custom_fields: string;
  company_type: string | null;
  country: string | null;
  description: string | null;
  email: string | null;
  employee_count: string | null;
  facebook_url: string | null;
  ipo_status: string | null;
  linkedin_url: string | null;
  logo_url: string | null;
  operating_status: string | null;
  phone: string | null;
  region: string | null;
  sector: string | null;
  state: string | null;
  street_address: string | null;
  thesis_area: string | null;
  twitter_url: string | null;
  website: string | null;
  year_founded: string | null;
  service_industry_tags: string;
  created_at: number;
  service_updated_at: number;
  deleted_at: number | null;
}

export interface MonthlyUsageTable {
  tenant_uuid: string;
  month: string;
  count: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface EmailsTable {
  uuid: string;
  tenant_uuid: string;
  message_id: string;
  sent_at: number;
  subject: string | null;
  from_person_uuid: string;
  created_at: number;
}

export interface EmailParticipantsTable {
  tenant_uuid: string;
  email_uuid: string;
  person_uuid: string;
  /** from, to or cc */
  role: string;
  /** The email's `sent_at` (migration 0024; copied by a trigger when an insert leaves it out). */
  sent_at: number | null;
}

export interface MeetingsTable {
  uuid: string;
  tenant_uuid: string;
  title: string;
  starts_at: number;
  ends_at: number | null;
  /** confirmed or cancelled */
  status: string;
  organizer_person_uuid: string | null;
  location: string | null;
  external_id: string | null;
  created_by_user_uuid: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface MeetingAttendeesTable {
  tenant_uuid: string;
  meeting_uuid: string;
  person_uuid: string;
  /** accepted or declined; declined attendees do not count as participants */
  response: string;
  /** The meeting's `starts_at` while it counts as this attendee's activity, else null; kept by triggers (migration 0024). */
  counted_at: number | null;
}

// Migration 0002 (people): columns added to existing tables (interface declarations merge).

export interface PersonsTable {
  /** `normalizeLinkedinUrl(linkedin_url)`: the match key of lookups and batch imports. */
  linkedin_key: string | null;
  /** Set when the person was merged away: the canonical person it now lives in. */
  merged_into_uuid: string | null;
  /** 1 when `name` was only derived from an address (or is blank): a name seen later on mail or a card replaces it (migration 0058). */
  name_from_address: number;
  /** `nameSortKey(name)`, written with every name (migration 0064): the order of `sort_by=name`. */
  name_sort_key: string;
  /**
   * The export that set the current company and title (`PersonJobSource`), null when a user, an integrator or an
   * unknown import did (migration 0094): a newer export of that source may move them on, nothing else may.
   */
  job_source?: string | null;
}

export interface PersonEmailsTable {
  /** The address's domain, for lookups by domain. */
  domain: string | null;
}

export interface CompaniesTable {
  /** `nameSortKey(company_name)`, written with every name (migration 0064): the order of `sort_by=company_name`. */
  company_name_sort_key: string;
  investor_types: string;
  last_investment_type: string | null;
  last_investment_date: string | null;
  npi_types: string;
  npi_date: string | null;
  score: number | null;
  overall_operating_score: number | null;
  overall_investor_score: number | null;
  /** The year of `year_founded`, for the founded_on_from/to filters. */
  founded_year: number | null;
  /** Head-count range of the `employee_count` band, for the employee_count_from/to filters. */
  employee_count_min: number | null;
  employee_count_max: number | null;
}

/** One value of a company's multi-valued fields, lower-cased, for the tag filters. */
export interface CompanyTagsTable {
  tenant_uuid: string;
  company_uuid: string;
  /** `industry`, `investor_type` or `npi_type`. */
  kind: string;
  value: string;
}

export interface AffiliationsTable {
  uuid: string;
  tenant_uuid: string;
  person_uuid: string;
  company_uuid: string;
  title: string | null;
  is_current: number;
  started_on: string | null;
  ended_on: string | null;
  created_at: number;
  updated_at: number;
}

export interface EntityListsTable {
  uuid: string;
  tenant_uuid: string;
  name: string;
  /** `nameSortKey(name)`, written with every name (migration 0083): the name order's key. */
  name_sort_key: string;
  kind: string;
  owner_user_uuid: string | null;
  created_at: number;
  updated_at: number;
}

export interface EntityListMembersTable {
  tenant_uuid: string;
  list_uuid: string;
  entity_uuid: string;
  added_at: number;
  added_by_user_uuid: string | null;
  /** The member's place in the list's order: the order added, within one call the order sent (migration 0079). */
  position: number;
}

export interface PersonMergesTable {
  tenant_uuid: string;
  superseded_uuid: string;
  canonical_uuid: string;
  merged_at: number;
  merged_by_user_uuid: string | null;
  /** JSON object: reference kind → rows moved. */
  moved: string;
}

export interface OpportunityTypesTable {
  uuid: string;
  tenant_uuid: string;
  label: string;
  label_plural: string;
  sub_label: string;
  sub_label_plural: string;
  description: string | null;
  is_hidden: number;
  subopportunities_enabled: number;
  /** JSON: `{ person_required, company_required }`. */
  pinning_config: string;
  created_at: number;
  updated_at: number;
}

export interface OpportunityStagesTable {
  uuid: string;
  tenant_uuid: string;
  type_uuid: string;
  stage_type: string;
  name: string;
  color: string | null;
  percentage: number;
  is_hidden: number;
  /** Pipeline order within the type and stage_type, from 0. */
  position: number;
  created_at: number;
  updated_at: number;
}

export interface OpportunityCustomFieldsTable {
  uuid: string;
  tenant_uuid: string;
  key: string;
  name: string;
  type: string;
  /** JSON array of strings. */
  choices: string;
  created_at: number;
  updated_at: number;
}

export interface OpportunitiesTable {
  uuid: string;
  tenant_uuid: string;
  type_uuid: string;
  stage_uuid: string;
  parent_uuid: string | null;
  name: string;
  details: string | null;
  next_step: string | null;
  /** `textSortKey` of `name`, `details` and `next_step` (null with a null text), written with them (migration 0080). */
  name_sort_key: string;
  details_sort_key: string | null;
  next_step_sort_key: string | null;
  value: number | null;
  /** Percent, 0-100. */
  probability: number | null;
  /** value × probability / 100, kept on the row so it can be filtered, sorted and summed. */
  weighted_value: number | null;
  owner_user_uuid: string | null;
  intro_person_uuid: string | null;
  /** Dates as `YYYY-MM-DD`. */
  source_date: string | null;
  intro_date: string | null;
  close_date: string | null;
  stage_entered_at: number;
  last_activity_at: number | null;
  company_last_activity_at: number | null;
  person_last_activity_at: number | null;
  /** JSON object keyed by custom field UUID. */
  custom_fields: string;
  created_by_user_uuid: string | null;
  updated_by_user_uuid: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface AssociationsTable {
  uuid: string;
  tenant_uuid: string;
  owner_type: string;
  owner_uuid: string;
  entity_type: string;
  entity_uuid: string;
  /** The pair of records, direction-free: unique per tenant. */
  link_key: string;
  context: string | null;
  created_at: number;
  updated_at: number;
}

/** An opportunity's search document (migration 0018): its name and its live linked names, one per line. */
export interface OpportunitySearchDocumentsTable {
  tenant_uuid: string;
  opportunity_uuid: string;
  document: string;
}

export interface NotesTable {
  uuid: string;
  tenant_uuid: string;
  title: string | null;
  content: string;
  owner_user_uuid: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface TasksTable {
  uuid: string;
  tenant_uuid: string;
  title: string;
  description: string | null;
  status: string;
  scope: string;
  due_date: string | null;
  assignee_user_uuid: string | null;
  created_by_user_uuid: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface FilesTable {
  uuid: string;
  tenant_uuid: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by_user_uuid: string | null;
  created_at: number;
}

export interface FileContentsTable {
  file_uuid: string;
  tenant_uuid: string;
  content: Uint8Array;
}

export interface OAuthModelsTable {
  model: string;
  id: string;
  /** The authorization server's JSON payload, as it gave it. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface OAuthSigningKeysTable {
  kid: string;
  /** The private JWK, as JSON. */
  private_jwk: string;
  created_at: number;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  /** A digest of what the failure counts against (an email typed, a client address). */
  subject: string;
  failed_at: number;
}

/** A tenant's secret for the digests of erased identifiers (migration 0060). */
export interface ErasureSecretsTable {
  tenant_uuid: string;
  /** 32 random bytes. */
  secret: Buffer;
  created_at: number;
}

/** An erased person's address or LinkedIn profile, as a keyed digest (`erasedIdentifierDigest`). */
export interface ErasedIdentifiersTable {
  tenant_uuid: string;
  digest: string;
  erased_at: number;
}

/** A domain a company had before its current one (migration 0066), stored as `domain` is: a bare host name. */
export interface CompanyFormerDomainsTable {
  tenant_uuid: string;
  company_uuid: string;
  domain: string;
  /** When the company's domain changed from this one; in a list a client wrote, its place (the first the latest). */
  left_at: number;
}

export interface UserPasswordsTable {
  tenant_uuid: string;
  user_uuid: string;
  /** A self-describing password hash (algorithm and parameters included). */
  password_hash: string;
  updated_at: number;
}

/** Every table of the Rapport database. */
export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  api_key_uses: ApiKeyUsesTable;
  persons: PersonsTable;
  person_emails: PersonEmailsTable;
  companies: CompaniesTable;
  monthly_usage: MonthlyUsageTable;
  settings: SettingsTable;
  emails: EmailsTable;
  email_participants: EmailParticipantsTable;
  meetings: MeetingsTable;
  meeting_attendees: MeetingAttendeesTable;
  company_tags: CompanyTagsTable;
  affiliations: AffiliationsTable;
  entity_lists: EntityListsTable;
  entity_list_members: EntityListMembersTable;
  person_merges: PersonMergesTable;
  opportunity_types: OpportunityTypesTable;
  opportunity_stages: OpportunityStagesTable;
  opportunity_custom_fields: OpportunityCustomFieldsTable;
  opportunities: OpportunitiesTable;
  associations: AssociationsTable;
  opportunity_search_documents: OpportunitySearchDocumentsTable;
  notes: NotesTable;
  tasks: TasksTable;
  files: FilesTable;
  file_contents: FileContentsTable;
  oauth_models: OAuthModelsTable;
  oauth_signing_keys: OAuthSigningKeysTable;
  user_passwords: UserPasswordsTable;
  sign_in_failures: SignInFailuresTable;
  erasure_secrets: ErasureSecretsTable;
  erased_identifiers: ErasedIdentifiersTable;
  company_former_domains: CompanyFormerDomainsTable;
}

export interface ImportJobsTable {
  uuid: string;
  tenant_uuid: string;
  /** mbox, ics, vcf or csv */
  kind: string;
  /** queued, running, succeeded, failed or cancelled */
  status: string;
  dry_run: number;
  file_name: string | null;
  file_bytes: number | null;
  /** JSON object: the import's options (window, mapping, ...) */
  options: string;
  owner_user_uuid: string | null;
  created_by_user_uuid: string | null;
  items_processed: number;
  bytes_processed: number;
  /** JSON object, set as the job progresses */
  summary: string | null;
  error: string | null;
  created_at: number;
  /** Refreshed by the running job: the heartbeat that tells a live job from an abandoned one */
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The process running the job (migration 0082), as the API names it; null before the migration. */
  runner: string | null;
  /** When a cancel was asked for (migration 0098); null when none was. */
  cancel_requested_at: number | null;
}

export interface EmailBodiesTable {
  email_uuid: string;
  tenant_uuid: string;
  body_text: string;
  created_at: number;
}

/** The tables of migration 0006 (imports), merged into `Database` (declared apart so branches append). */
export interface Database {
  import_jobs: ImportJobsTable;
  email_bodies: EmailBodiesTable;
}

/** Migration 0008: every live opportunity linked to the entity has that side's activity date at or after `floor_at`. */
export interface OpportunityActivityFloorsTable {
  tenant_uuid: string;
  /** PERSON or COMPANY */
  entity_type: string;
  entity_uuid: string;
  floor_at: number;
}

/** The table of migration 0008, merged into `Database`. */
export interface Database {
  opportunity_activity_floors: OpportunityActivityFloorsTable;
}

/** Migration 0011: a person's latest interaction time not yet raised onto the opportunities linked to them or their companies. */
export interface OpportunityActivityPendingTable {
  tenant_uuid: string;
  person_uuid: string;
  at: number;
}

/** The table of migration 0011, merged into `Database`. */
export interface Database {
  opportunity_activity_pending: OpportunityActivityPendingTable;
}

/** Migration 0021: how many live opportunities link to each person and company, kept by triggers. */
export interface LiveOpportunityLinksTable {
  tenant_uuid: string;
  /** PERSON or COMPANY */
  entity_type: string;
  entity_uuid: string;
  links: number;
}

/** The table of migration 0021, merged into `Database`. */
export interface Database {
  live_opportunity_links: LiveOpportunityLinksTable;
}

/** Migration 0023: each link from a live opportunity to a person or company, with the opportunity's `updated_at`. */
export interface LiveOpportunityLinkRecencyTable {
  tenant_uuid: string;
  /** PERSON or COMPANY */
  entity_type: string;
  entity_uuid: string;
  opportunity_uuid: string;
  updated_at: number;
}

/** The table of migration 0023, merged into `Database`. */
export interface Database {
  live_opportunity_link_recency: LiveOpportunityLinkRecencyTable;
}

/** Migration 0032: the order of the tenant-wide activity feed, kept by triggers on `emails` and `meetings`. */
export interface ActivityFeedTable {
  /** The row's key (autoincrement), never shown: the `sequence` of migration 0032 until migration 0062. */
  id: number;
  /**
   * The tenant's own number (migration 0062: `log_sequences`), strictly increasing in commit order, never reused.
   * Given by the inserting statement from the tenant's counter, raised first; a row inserted without it (by hand) is
   * numbered by a trigger in the same statement.
   */
  sequence: number;
  tenant_uuid: string;
  /** email or meeting */
  kind: string;
  item_uuid: string;
  /** The email's `created_at`, or the meeting's `updated_at` when it was last written (a deleted row's: when deleted). */
  recorded_at: number;
  /** Migration 0033: 1 once the item has been in some person's timeline; the feed lists only those entries. */
  ever_listed: number;
}

/** The table of migration 0032, merged into `Database`. */
export interface Database {
  activity_feed: ActivityFeedTable;
}

/** Migration 0034: a person taken off a meeting's attendee list while the meeting exists, kept by triggers. */
export interface MeetingDeparturesTable {
  tenant_uuid: string;
  meeting_uuid: string;
  person_uuid: string;
}

/** The table of migration 0034, merged into `Database`. */
export interface Database {
  meeting_departures: MeetingDeparturesTable;
}

/** Migration 0039: one row per record gone (the deletions log), kept by triggers on the deleted tables. */
export interface RecordDeletionsTable {
  /** The row's key (autoincrement), never shown: the `sequence` of migration 0039 until migration 0062. */
  id: number;
  /** The tenant's own number (migration 0062), as `ActivityFeedTable.sequence`. */
  sequence: number;
  tenant_uuid: string;
  /** OPPORTUNITY, NOTE, TASK, FILE, ENTITY_LIST, PERSON or MEETING (migration 0054) */
  entity_type: string;
  uuid: string;
  /** A soft-deleted record's `deleted_at`; the database's clock for a row deleted outright. */
  deleted_at: number;
  /** A person merged away: the person it was merged into. */
  merged_into_uuid: string | null;
  /** A PERSONAL task's creator, the only user who may see its entry ('' for none); null: the whole tenant. */
  visible_to_user_uuid: string | null;
}

/** The table of migration 0039, merged into `Database`. */
export interface Database {
  record_deletions: RecordDeletionsTable;
}

/** Migration 0041: per tenant, the records a graph is built from that a write touched (the graph changes log). */
export interface GraphChangesTable {
  tenant_uuid: string;
  /** 1, 2, 3... per tenant in commit order: the tenant's `graph` generation when the entry was written. */
  position: number;
  /** `email` or `meeting` (subject: the interaction), `affiliation` (subject: the person), `merge` (subject: the person merged away). */
  kind: "email" | "meeting" | "affiliation" | "merge";
  subject_uuid: string;
  /** A `merge` entry's surviving person. */
  merged_into_uuid: string | null;
}

/** The table of migration 0041, merged into `Database`. */
export interface Database {
  graph_changes: GraphChangesTable;
}

/** Per tenant and log, the newest entry pruned by the retention horizon (migration 0047). */
export interface HistoryHorizonsTable {
  tenant_uuid: string;
  /** `activity_feed` or `record_deletions`. */
  log: string;
  pruned_through_sequence: number;
  /** The newest `recorded_at` or `deleted_at` of the entries pruned, epoch ms. */
  pruned_through_time: number;
}

export interface Database {
  history_horizons: HistoryHorizonsTable;
}

/** Migration 0062: per tenant and log (`activity_feed` or `record_deletions`), the last `sequence` handed out. */
export interface LogSequencesTable {
  tenant_uuid: string;
  log: string;
  /** Never lowered, even when the newest entries are deleted. */
  last_sequence: number;
}

export interface Database {
  log_sequences: LogSequencesTable;
}

/** Migration 0069: a write sent with an `Idempotency-Key`, pending (`status` null) or with its answer, for a day. */
export interface IdempotentRequestsTable {
  tenant_uuid: string;
  /** Who sent it: the API key's uuid and the user context's (empty without one), as `key:user`. */
  caller: string;
  idempotency_key: string;
  /** A digest of the request's method, path, query and body: the same key with another request is refused. */
  fingerprint: string;
  /** This claim's id: only the request that claimed the key records its answer or gives the key back. */
  claim: string;
  claimed_at: number;
  status: number | null;
  /** The answer's JSON text; null for a 204 and while pending. */
  response: string | null;
  expires_at: number;
  /** 1 once a write of the claimed request committed (in its transaction, migration 0081); the insert's default 0. */
  written: Generated<number>;
  /** The answer's `ETag` (migration 0097), sent again with it; null when it had none or was kept before. */
  entity_tag?: string | null;
}

export interface Database {
  idempotent_requests: IdempotentRequestsTable;
}

export interface CompaniesTable {
  /** Set when the company was merged away (migration 0070): the canonical company it now lives in. */
  merged_into_uuid: string | null;
  /** `companyDuplicateNameKey(company_name)`, written with the name (migration 0096): what the duplicates list groups by. */
  name_duplicate_key?: string | null;
}

/** Migration 0070: one row per company merged away, with the company it went into; the columns of `person_merges`. */
export type CompanyMergesTable = PersonMergesTable;

export interface Database {
  company_merges: CompanyMergesTable;
}
