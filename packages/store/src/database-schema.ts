/**
 * @module
 * Row types of every table, as Kysely sees them. Booleans are stored as 0/1 integers so the same
 * SQL runs on SQLite and PostgreSQL; times are epoch milliseconds.
 */

export interface TenantsTable {
  uuid: string;
  name: string;
  tier: string;
  per_second_limit: number | null;
  monthly_limit: number | null;
  created_at: number;
  deleted_at: number | null;
}

export interface UsersTable {
  uuid: string;
  tenant_uuid: string;
  person_uuid: string;
  name: string;
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
}

/** Every table of the Rapport database. */
export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  persons: PersonsTable;
  person_emails: PersonEmailsTable;
  companies: CompaniesTable;
  monthly_usage: MonthlyUsageTable;
  settings: SettingsTable;
  emails: EmailsTable;
  email_participants: EmailParticipantsTable;
  meetings: MeetingsTable;
  meeting_attendees: MeetingAttendeesTable;
}

export interface ImportJobsTable {
  uuid: string;
  tenant_uuid: string;
  /** mbox, ics, vcf or csv */
  kind: string;
  /** queued, running, succeeded or failed */
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
