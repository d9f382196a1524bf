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
  persons: PersonsTable;
  person_emails: PersonEmailsTable;
  companies: CompaniesTable;
  monthly_usage: MonthlyUsageTable;
  settings: SettingsTable;
  oauth_models: OAuthModelsTable;
  oauth_signing_keys: OAuthSigningKeysTable;
  user_passwords: UserPasswordsTable;
}
