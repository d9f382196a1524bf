/**
 * @module
 * The Store port: everything the API needs from persistence, tenant-scoped, async so that a
 * PostgreSQL adapter can stand behind the same interface. `createSqliteStore` is the embedded one.
 */
import type { Page, PageRequest } from "./pagination/keyset-page.js";
import type {
  ApiKey,
  Company,
  NewApiKey,
  NewCompany,
  NewPerson,
  NewTenant,
  NewUser,
  Person,
  Tenant,
  User,
  LoginCandidate,
  OAuthModelRecord,
  OAuthSigningKey,
} from "./records.js";

export type SortOrder = "asc" | "desc";

export interface TenantRepository {
  create(input: NewTenant): Promise<Tenant>;
  /** A live tenant, or null when it does not exist or was deleted. */
  get(tenantUuid: string): Promise<Tenant | null>;
  list(): Promise<Tenant[]>;
  /** Soft-deletes the tenant: its keys stop working at once. Returns false when not found. */
  delete(tenantUuid: string): Promise<boolean>;
}

export interface UserListRequest extends PageRequest {
  order: SortOrder;
}

export interface UserRepository {
  /** Creates the user and the user's own (internal) person node in one transaction. */
  create(input: NewUser): Promise<User>;
  get(tenantUuid: string, userUuid: string): Promise<User | null>;
  list(tenantUuid: string, request: UserListRequest): Promise<Page<User>>;
  /** Returns false when the user does not exist in the tenant. */
  deactivate(tenantUuid: string, userUuid: string): Promise<boolean>;
}

/** A live key with its tenant, as authentication needs it. */
export interface ApiKeyOwner {
  key: ApiKey;
  tenant: Tenant;
}

export interface ApiKeyRepository {
  create(input: NewApiKey): Promise<ApiKey>;
  /** The unrevoked key with this hash whose tenant is live, or null. */
  findActiveByHash(keyHash: string): Promise<ApiKeyOwner | null>;
  list(tenantUuid: string): Promise<ApiKey[]>;
  /** Returns false when the key does not exist in the tenant or was already revoked. */
  revoke(tenantUuid: string, keyUuid: string): Promise<boolean>;
  /** Revokes every live key of the tenant with this label; returns how many. */
  revokeByLabel(tenantUuid: string, label: string): Promise<number>;
}

export const PERSON_SORT_FIELDS = ["service_updated_at", "created_at", "name"] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

export interface PersonListFilters {
  uuids?: string[];
  /** Epoch ms; only records with `service_updated_at >= modified_since`. */
  modified_since?: number;
}

export interface PersonListRequest extends PageRequest {
  filters: PersonListFilters;
  sort_by: PersonSortField;
  order: SortOrder;
}

export interface PersonRepository {
  create(input: NewPerson): Promise<Person>;
  get(tenantUuid: string, personUuid: string): Promise<Person | null>;
  list(tenantUuid: string, request: PersonListRequest): Promise<Page<Person>>;
}

export const COMPANY_SORT_FIELDS = ["service_updated_at", "created_at", "company_name"] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

export interface CompanyListFilters {
  uuids?: string[];
  modified_since?: number;
  /** Case-insensitive substring of the company name. */
  name?: string;
}

export interface CompanyListRequest extends PageRequest {
  filters: CompanyListFilters;
  sort_by: CompanySortField;
  order: SortOrder;
}

export interface CompanyRepository {
  create(input: NewCompany): Promise<Company>;
  get(tenantUuid: string, companyUuid: string): Promise<Company | null>;
  /** Fetches many at once (missing ones are absent from the map). */
  getMany(tenantUuid: string, companyUuids: readonly string[]): Promise<Map<string, Company>>;
  list(tenantUuid: string, request: CompanyListRequest): Promise<Page<Company>>;
}

export interface UsageRepository {
  /** Adds one request to the tenant's count for the month (`YYYY-MM`) and returns the new count. */
  incrementMonthly(tenantUuid: string, month: string): Promise<number>;
  monthly(tenantUuid: string, month: string): Promise<number>;
}

export interface SettingsRepository {
  get(key: string): Promise<string | null>;
  /** Returns the stored value, storing `create()` first when the key is absent. */
  getOrCreate(key: string, create: () => string): Promise<string>;
}

/**
 * The OAuth authorization server's state, deployment-wide. Expiry is the caller's to judge: the
 * authorization server keeps its own clock, so `find` returns expired records with their
 * `expires_at` and `deleteExpired` cleans up.
 */
export interface OAuthModelRepository {
  upsert(record: Omit<OAuthModelRecord, "consumed_at">): Promise<void>;
  find(model: string, id: string): Promise<OAuthModelRecord | null>;
  findByUid(model: string, uid: string): Promise<OAuthModelRecord | null>;
  findByUserCode(model: string, userCode: string): Promise<OAuthModelRecord | null>;
  /** Marks a one-time object as used. */
  consume(model: string, id: string, at: number): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Deletes every object of a grant (its codes and tokens); returns how many. */
  revokeByGrantId(grantId: string): Promise<number>;
  /** Deletes objects that expired before `before` (epoch ms); returns how many. */
  deleteExpired(before: number): Promise<number>;
}

export interface OAuthSigningKeyRepository {
  /** Every key, oldest first. */
  list(): Promise<OAuthSigningKey[]>;
  /** Stores a key unless one with its kid exists (so concurrent first starts agree). */
  add(input: { kid: string; private_jwk: Record<string, unknown> }): Promise<void>;
}

export interface UserPasswordRepository {
  /** Sets the user's login password hash; false when the user is not in the tenant. */
  set(tenantUuid: string, userUuid: string, passwordHash: string): Promise<boolean>;
  get(tenantUuid: string, userUuid: string): Promise<string | null>;
  /**
   * Active users with this email and a password, in live tenants, across tenants: the login page
   * knows only an email. Like key lookup by hash, this is an authentication lookup.
   */
  findLoginCandidates(email: string): Promise<LoginCandidate[]>;
}

/** Everything the API needs from persistence. */
export interface Store {
  readonly tenants: TenantRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly persons: PersonRepository;
  readonly companies: CompanyRepository;
  readonly usage: UsageRepository;
  readonly settings: SettingsRepository;
  readonly oauthModels: OAuthModelRepository;
  readonly oauthSigningKeys: OAuthSigningKeyRepository;
  readonly userPasswords: UserPasswordRepository;
  /** Runs `work` atomically: every write through the given store commits or none does. */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /** Closes the database; the store is unusable afterwards. */
  close(): Promise<void>;
}
