/**
 * @module
 * The records the store hands out and takes in. Field names follow the API specification's
 * vocabulary (snake_case), so the API layer presents them without renaming.
 */

/** Rate-limit tiers of the specification's Limits section. */
export const TIERS = ["standard", "professional", "enterprise", "custom"] as const;
export type Tier = (typeof TIERS)[number];

export const ROLES = ["member", "administrator"] as const;
export type Role = (typeof ROLES)[number];

export interface Tenant {
  uuid: string;
  name: string;
  tier: Tier;
  /** Only for the custom tier: requests per second per API key. */
  per_second_limit: number | null;
  /** Only for the custom tier: requests per calendar month per tenant. */
  monthly_limit: number | null;
  created_at: number;
}

export interface NewTenant {
  name: string;
  tier: Tier;
  per_second_limit?: number | null;
  monthly_limit?: number | null;
}

export interface User {
  uuid: string;
  tenant_uuid: string;
  /** The user's own node in the relationship graph. */
  person_uuid: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  created_at: number;
  updated_at: number;
}

export interface NewUser {
  tenant_uuid: string;
  name: string;
  email: string;
  role: Role;
}

export interface ApiKey {
  uuid: string;
  tenant_uuid: string;
  /** Set for user-scoped keys: the user the key is bound to. */
  user_uuid: string | null;
  key_prefix: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
}

export interface NewApiKey {
  tenant_uuid: string;
  user_uuid: string | null;
  key_hash: string;
  key_prefix: string;
  label?: string | null;
}

export interface PersonEmail {
  address: string;
  is_primary: boolean;
  created_at: number;
}

export interface Person {
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
  tags: string[];
  is_internal: boolean;
  emails: PersonEmail[];
  created_at: number;
  service_updated_at: number;
}

export interface NewPerson {
  tenant_uuid: string;
  first_name?: string | null;
  last_name?: string | null;
  /** Display name; built from first and last name when omitted. */
  name?: string | null;
  emails?: string[];
  job_title?: string | null;
  primary_company_uuid?: string | null;
  linkedin_url?: string | null;
  twitter_url?: string | null;
  facebook_url?: string | null;
  logo_url?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  tags?: string[];
  is_internal?: boolean;
}

/** Company fields that `PUT /v1/companies/{uuid}` may write, all optional strings. */
export const COMPANY_TEXT_FIELDS = [
  "acquisition_status",
  "business_model",
  "city",
  "company_type",
  "country",
  "description",
  "email",
  "employee_count",
  "facebook_url",
  "ipo_status",
  "linkedin_url",
  "logo_url",
  "operating_status",
  "phone",
  "region",
  "sector",
  "state",
  "street_address",
  "thesis_area",
  "twitter_url",
  "website",
  "year_founded",
] as const;
export type CompanyTextField = (typeof COMPANY_TEXT_FIELDS)[number];

export type Company = {
  uuid: string;
  tenant_uuid: string;
  company_name: string;
  domain: string | null;
  company_custom_fields: Record<string, unknown>;
  service_industry_tags: string[];
  created_at: number;
  service_updated_at: number;
} & Record<CompanyTextField, string | null>;

export type NewCompany = {
  tenant_uuid: string;
  company_name: string;
  domain?: string | null;
  company_custom_fields?: Record<string, unknown>;
  service_industry_tags?: string[];
} & Partial<Record<CompanyTextField, string | null>>;

/** One stored object of the OAuth authorization server: a client, grant, session, code, token, ... */
export interface OAuthModelRecord {
  /** The authorization server's model name (`Client`, `Grant`, `Session`, `AuthorizationCode`, ...). */
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** Epoch ms after which the object is gone; null when it does not expire. */
  expires_at: number | null;
  /** Epoch ms when a one-time object (an authorization code) was used; null before. */
  consumed_at: number | null;
}

/** A signing key of the OAuth authorization server. */
export interface OAuthSigningKey {
  kid: string;
  /** The private JWK. */
  private_jwk: Record<string, unknown>;
  created_at: number;
}

/** A user who may sign in on the OAuth login page with this email. */
export interface LoginCandidate {
  tenant_uuid: string;
  tenant_name: string;
  user_uuid: string;
  user_name: string;
  password_hash: string;
}
