/**
 * @module
 * The Store port: everything the API needs from persistence, tenant-scoped, async so that a
 * PostgreSQL adapter can stand behind the same interface. `createSqliteStore` is the embedded one.
 */
import type {
  ActivityItem,
  EmailIngestResult,
  Email,
  InteractionRecord,
  Meeting,
  MeetingStatus,
  MeetingUpdate,
  NewEmail,
  NewMeeting,
} from "./activity-records.js";
import type { ImportJob, ImportJobOutcome, ImportJobProgress, NewImportJob } from "./import-records.js";
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

export interface EmailRepository {
  /** Stores a message once per message id (a re-sent one answers DUPLICATE with the stored email). */
  ingest(tenantUuid: string, input: NewEmail): Promise<EmailIngestResult>;
  get(tenantUuid: string, messageId: string): Promise<Email | null>;
}

export interface MeetingListFilters {
  person_uuid?: string;
  starts_from?: number;
  starts_to?: number;
  status?: MeetingStatus;
}

export interface MeetingListRequest extends PageRequest {
  filters: MeetingListFilters;
  order: SortOrder;
}

export interface MeetingRepository {
  create(tenantUuid: string, input: NewMeeting): Promise<Meeting>;
  get(tenantUuid: string, meetingUuid: string): Promise<Meeting | null>;
  findByExternalId(tenantUuid: string, externalId: string): Promise<Meeting | null>;
  list(tenantUuid: string, request: MeetingListRequest): Promise<Page<Meeting>>;
  /** Null when the meeting does not exist in the tenant. */
  update(tenantUuid: string, meetingUuid: string, changes: MeetingUpdate): Promise<Meeting | null>;
  /** Soft-deletes; false when not found. */
  delete(tenantUuid: string, meetingUuid: string): Promise<boolean>;
}

export interface InteractionRepository {
  /** Every email and live meeting of the tenant, for hydrating the relationship graph. */
  all(tenantUuid: string): AsyncIterable<InteractionRecord>;
  /** One interaction as the graph consumes it; null when gone (a deleted meeting). */
  get(tenantUuid: string, kind: "email" | "meeting", id: string): Promise<InteractionRecord | null>;
  /** Emails and confirmed meetings involving any of the persons, newest first. */
  timeline(tenantUuid: string, personUuids: readonly string[], request: PageRequest): Promise<Page<ActivityItem>>;
}

export interface CompanyMemberRepository {
  /** The persons currently at the company, by uuid. */
  personUuids(tenantUuid: string, companyUuid: string): Promise<string[]>;
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
  readonly emails: EmailRepository;
  readonly meetings: MeetingRepository;
  readonly interactions: InteractionRepository;
  readonly companyMembers: CompanyMemberRepository;
  /** Runs `work` atomically: every write through the given store commits or none does. */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /** Closes the database; the store is unusable afterwards. */
  close(): Promise<void>;
}

export interface ImportJobRepository {
  create(tenantUuid: string, input: NewImportJob): Promise<ImportJob>;
  get(tenantUuid: string, jobUuid: string): Promise<ImportJob | null>;
  /** queued → running; false when the job is not queued (already started, finished or gone). */
  start(tenantUuid: string, jobUuid: string): Promise<boolean>;
  /** Records progress of a running job and refreshes its heartbeat (`updated_at`). */
  progress(tenantUuid: string, jobUuid: string, progress: ImportJobProgress): Promise<void>;
  /** Ends a queued or running job; false when it had already ended. */
  finish(tenantUuid: string, jobUuid: string, outcome: ImportJobOutcome): Promise<boolean>;
  /** Marks failed, with `error`, every queued or running job whose heartbeat is older than `heartbeatBefore`; returns how many. */
  failStale(tenantUuid: string, heartbeatBefore: number, error: string): Promise<number>;
}

/** Read-only lookups by the keys imports match on (normalized by the caller). */
export interface MatchKeyRepository {
  /** Live persons owning these addresses: address → person uuid (addresses already normalized). */
  personsByEmail(tenantUuid: string, addresses: readonly string[]): Promise<Map<string, string>>;
  /** Live persons by LinkedIn profile, in the form `normalizeLinkedinUrl` gives: url → person uuid. */
  personsByLinkedinUrl(tenantUuid: string, urls: readonly string[]): Promise<Map<string, string>>;
  /** The oldest live company with this domain (compared case-insensitively, without scheme or `www.`). */
  companyByDomain(tenantUuid: string, domain: string): Promise<Company | null>;
  /** The oldest live company with this name (trimmed, case-insensitive). */
  companyByName(tenantUuid: string, name: string): Promise<Company | null>;
}

/** Message bodies kept by an import with `--keep-bodies` (headers alone are the default). */
export interface EmailBodyRepository {
  /** Stores the body once; a second call for the same email changes nothing. */
  put(tenantUuid: string, emailUuid: string, bodyText: string): Promise<void>;
  get(tenantUuid: string, emailUuid: string): Promise<string | null>;
}

/** The import repositories, merged into `Store` (declared apart so branches append). */
export interface Store {
  readonly importJobs: ImportJobRepository;
  readonly matchKeys: MatchKeyRepository;
  readonly emailBodies: EmailBodyRepository;
}
