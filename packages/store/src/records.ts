/**
 * @module
 * The records the store hands out and takes in. Field names follow the API specification's
 * vocabulary (snake_case), so the API layer presents them without renaming.
 */

/** Rate-limit tiers of the specification's Limits section. */
export const TIERS = ["standard", "professional", "enterprise", "custom"] as const;
/** One of `TIERS`. */
export type Tier = (typeof TIERS)[number];

/** A user's roles: administrators may also change the workspace configuration. */
export const ROLES = ["member", "administrator"] as const;
/** One of `ROLES`. */
export type Role = (typeof ROLES)[number];

/** A tenant: its name, rate-limit tier and limits. */
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

/** What creating a tenant takes: its name and rate-limit tier. */
export interface NewTenant {
  name: string;
  tier: Tier;
  per_second_limit?: number | null;
  monthly_limit?: number | null;
}

/** An internal user of a tenant, with their own person. */
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

/** What creating an internal user takes. */
export interface NewUser {
  tenant_uuid: string;
  name: string;
  email: string;
  role: Role;
}

/** An API key as stored: its prefix, never the key itself, its owner and its state. */
export interface ApiKey {
  uuid: string;
  tenant_uuid: string;
  /** Set for user-scoped keys: the user the key is bound to. */
  user_uuid: string | null;
  key_prefix: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
  /** A key that may only read: the API refuses its calls of operations that change anything. */
  read_only: boolean;
  /** When the key stops working (the end of a rotation's grace period); null: it works until revoked. */
  expires_at: number | null;
  /**
   * The key the rotations that made this one began with (`apiKeys.rotate`), its own uuid for a key no rotation made:
   * the keys of one lineage are one client's, which the API's `Idempotency-Key` answers are kept for.
   */
  lineage_uuid: string;
}

/** How a key was used: a REST call, or an MCP request. */
export type KeyUseChannel = "rest" | "mcp";

/** A key as listed: with its last use (null: never used), as far as the processes using it have written it. */
export interface ListedApiKey extends ApiKey {
  last_used_at: number | null;
  last_used_via: KeyUseChannel | null;
}

/** A rotation's outcome: the new key, and the key it replaces (expiring, or revoked when no grace was given). */
export interface RotatedApiKey {
  key: ApiKey;
  replaced: ApiKey;
}

/** What creating an API key takes: its hash and prefix (the key itself is never stored), owner and flags. */
export interface NewApiKey {
  tenant_uuid: string;
  user_uuid: string | null;
  key_hash: string;
  key_prefix: string;
  label?: string | null;
  /** Default false. */
  read_only?: boolean;
}

/** One email address of a person. */
export interface PersonEmail {
  address: string;
  is_primary: boolean;
  created_at: number;
}

/** A person record of a tenant. */
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
  /** Current and past affiliations with companies, current first. */
  affiliations: Affiliation[];
  created_at: number;
  service_updated_at: number;
}

/**
 * What a response needs to name a person it mentions (a hop, a bridge, a contact): a few columns of
 * the person, its emails and its primary company's name and logo, without affiliations.
 */
/** What a mention of a person shows without their emails: name, titles, links, tags and primary company. */
export interface PersonDisplayCard
  extends Pick<Person, "uuid" | "name" | "job_title" | "primary_company_uuid" | "linkedin_url" | "twitter_url" | "facebook_url" | "logo_url" | "tags"> {
  /** The live primary company, or null (none, or deleted). */
  primary_company: { uuid: string; company_name: string; logo_url: string | null } | null;
}

/** A person's display card with their addresses: what lists and paths show of a person. */
export interface PersonDisplayRecord extends PersonDisplayCard, Pick<Person, "emails"> {}

/** What creating a person takes. */
export interface NewPerson {
  tenant_uuid: string;
  first_name?: string | null;
  last_name?: string | null;
  /** Display name; built from first and last name when omitted. */
  name?: string | null;
  /** Addresses: strings, or {address, is_primary}; without a flagged primary the first is primary. */
  emails?: Array<string | { address: string; is_primary?: boolean }>;
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
  /** Current and past affiliations; the primary company always has a current one (added when missing). */
  affiliations?: NewAffiliation[];
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
/** One of `COMPANY_TEXT_FIELDS`. */
export type CompanyTextField = (typeof COMPANY_TEXT_FIELDS)[number];

/** Investor and scoring fields of a company, as the company list filters use them. */
export interface CompanyInvestorFields {
  investor_types: string[];
  last_investment_type: string | null;
  /** `YYYY-MM-DD`. */
  last_investment_date: string | null;
  npi_types: string[];
  /** `YYYY-MM-DD`. */
  npi_date: string | null;
  score: number | null;
  overall_operating_score: number | null;
  overall_investor_score: number | null;
}

/** A company record of a tenant. */
export type Company = {
  uuid: string;
  tenant_uuid: string;
  company_name: string;
  domain: string | null;
  company_custom_fields: Record<string, unknown>;
  service_industry_tags: string[];
  created_at: number;
  service_updated_at: number;
} & Record<CompanyTextField, string | null> &
  CompanyInvestorFields;

/** What creating a company takes. */
export type NewCompany = {
  tenant_uuid: string;
  company_name: string;
  domain?: string | null;
  /**
   * The domains it had before its current one, most recently left first (`companies.formerDomains`): given, the list
   * replaces the stored one, and a domain changed in the same write is not added to it.
   */
  former_domains?: string[];
  company_custom_fields?: Record<string, unknown>;
  service_industry_tags?: string[];
} & Partial<Record<CompanyTextField, string | null>> &
  Partial<CompanyInvestorFields>;

/** A partial company update: only the fields present are written. */
export type CompanyPatch = Partial<Omit<NewCompany, "tenant_uuid">>;

/**
 * Employee-count bands, smallest first: the only values `employee_count` takes through the API and
 * what the employee_count_from/to filters compare against. `10000+` has no upper bound.
 */
export const EMPLOYEE_COUNT_BANDS = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5001-10000", "10000+"] as const;
/** One of `EMPLOYEE_COUNT_BANDS`. */
export type EmployeeCountBand = (typeof EMPLOYEE_COUNT_BANDS)[number];

/** The head-count range of a band (`max` null for the open-ended top band), or null if `text` is not a band. */
export function employeeCountRange(text: string): { min: number; max: number | null } | null {
  const value = text.trim();
  if (!(EMPLOYEE_COUNT_BANDS as readonly string[]).includes(value)) return null;
  if (value.endsWith("+")) return { min: Number(value.slice(0, -1)), max: null };
  const [min, max] = value.split("-").map(Number);
  return { min: min!, max: max! };
}

/** A person's tenure at a company: current or past. */
export interface Affiliation {
  uuid: string;
  person_uuid: string;
  company_uuid: string;
  title: string | null;
  is_current: boolean;
  /** `YYYY-MM-DD` or null. */
  started_on: string | null;
  /** `YYYY-MM-DD` or null; null for current affiliations. */
  ended_on: string | null;
  created_at: number;
}

/** What recording a tenure of a person at a company takes. */
export interface NewAffiliation {
  company_uuid: string;
  title?: string | null;
  is_current?: boolean;
  started_on?: string | null;
  ended_on?: string | null;
}

/** A partial person update: only the fields present are written; `emails`, `tags` and `affiliations` replace. */
export type PersonPatch = Partial<Omit<NewPerson, "tenant_uuid" | "is_internal" | "emails">> & {
  /** Replaces the person's addresses; the one flagged primary (else the first) is primary. */
  emails?: Array<{ address: string; is_primary?: boolean }>;
};

/** What an entity list holds: companies or persons. */
export const ENTITY_LIST_KINDS = ["companies", "persons"] as const;
/** One of `ENTITY_LIST_KINDS`. */
export type EntityListKind = (typeof ENTITY_LIST_KINDS)[number];

/** A named collection of companies or of persons. */
export interface EntityList {
  uuid: string;
  tenant_uuid: string;
  name: string;
  kind: EntityListKind;
  /** The user who created it; null when created by a tenant-wide key without user context. */
  owner_user_uuid: string | null;
  member_count: number;
  created_at: number;
  updated_at: number;
}

/** What creating an entity list takes. */
export interface NewEntityList {
  tenant_uuid: string;
  name: string;
  kind: EntityListKind;
  owner_user_uuid: string | null;
}

/** A member of an entity list: the person or company and when and by whom it was added. */
export interface EntityListMember {
  entity_uuid: string;
  added_at: number;
  added_by_user_uuid: string | null;
}

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
