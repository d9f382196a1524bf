/**
 * @module
 * The Store port: everything the API needs from persistence, tenant-scoped, async so that a
 * PostgreSQL adapter can stand behind the same interface. `createSqliteStore` is the embedded one.
 */
import type { SortOrder } from "@rapport/graph";
import type {
  ActivityFeedItem,
  ActivityItem,
  ActivityItemKind,
  EmailIngestResult,
  EmailBatchResult,
  Email,
  InteractionRecord,
  StoredEmail,
  Meeting,
  MeetingStatus,
  MeetingUpdate,
  MeetingWriteOptions,
  NewEmail,
  NewMeeting,
} from "./activity-records.js";
import type { RecordDeletionRepository } from "./deletion-records.js";
import type { DuplicateRepository } from "./duplicate-records.js";
import type { GraphChange } from "./graph/graph-change.js";
import type { TenantGraphs } from "./graph/tenant-graphs.js";
import type { PagedPersonalDataExport, PersonalDataExport } from "./personal-data/personal-data-export.js";
import type { ImportJob, ImportJobOutcome, ImportJobProgress, NewImportJob } from "./import-records.js";
import type { Page, PageRequest } from "./pagination/keyset-page.js";
import type { PersonFieldOffer, PersonJobOffer, PersonJobSource } from "./repositories/empty-person-fields.js";
import type {
  Affiliation,
  ApiKey,
  KeyUseChannel,
  ListedApiKey,
  RotatedApiKey,
  Company,
  CompanyPatch,
  EntityList,
  EntityListKind,
  EntityListMember,
  NewApiKey,
  NewCompany,
  NewEntityList,
  NewPerson,
  NewTenant,
  NewUser,
  Person,
  PersonDisplayCard,
  PersonDisplayRecord,
  PersonPatch,
  Role,
  Tenant,
  User,
  LoginCandidate,
  OAuthModelRecord,
  OAuthSigningKey,
} from "./records.js";
import type {
  AssociationRepository,
  FileRepository,
  MemberWriteOptions,
  NoteRepository,
  OpportunityCustomFieldRepository,
  OpportunityRepository,
  OpportunityStageRepository,
  OpportunityTypeRepository,
  RecordLookupRepository,
  StateCodeInCountry,
  TaskRepository,
} from "./deal-store.js";

/** A list's direction: one of `SORT_ORDERS` (`@rapport/graph`), the one list of directions. */
export type { SortOrder };

/** A tenant an import is writing or left unfinished: `store.tenants.unfinishedImports()`. */
export interface UnfinishedImport {
  uuid: string;
  name: string;
  /** The import's process id. */
  pid: number;
  /** Whether that process still runs (else the import failed, was killed or is being removed). */
  running: boolean;
}

/** `store.tenants`: tenants: create, list, delete, purge. */
export interface TenantRepository {
  create(input: NewTenant): Promise<Tenant>;
  /** A live tenant, or null when it does not exist or was deleted. */
  get(tenantUuid: string): Promise<Tenant | null>;
  list(): Promise<Tenant[]>;
  /**
   * The tenants `rapport tenants import` is writing or left unfinished (migration 0087), which every other read takes
   * for absent: `running` while their process lives; else what a failed or killed import left, which `purge` or
   * the same import again removes.
   * @example for (const left of await store.tenants.unfinishedImports()) if (!left.running) await store.tenants.purge(left.uuid);
   */
  unfinishedImports(): Promise<UnfinishedImport[]>;
  /**
   * Sets a live tenant's rate-limit tier: a custom tier's limits are the ones given (a missing one falls back to the
   * standard tier's), another tier's limits are the tier's own (custom limits are cleared). A server on the database
   * applies it at the tenant's next request. Null when no live tenant has that uuid.
   * @example await store.tenants.setTier(tenant.uuid, { tier: "custom", per_second_limit: 100, monthly_limit: 2_000_000 });
   */
  setTier(tenantUuid: string, limits: TenantTier): Promise<Tenant | null>;
  /**
   * The rows a tenant holds, by table (each table with a `tenant_uuid` column; those without a row of it left out): its
   * size in the file, for a host sizing or billing its tenants, counted by index as `purge` counts them. A deleted
   * tenant's too, until it is purged; null when no tenant has that uuid.
   * @example const { persons = 0, emails = 0, meetings = 0 } = (await store.tenants.rowCounts(tenant.uuid)) ?? {};
   */
  rowCounts(tenantUuid: string): Promise<Record<string, number> | null>;
  /** Soft-deletes the tenant: its keys stop working at once. Returns false when not found. */
  delete(tenantUuid: string): Promise<boolean>;
  /**
   * Removes every row a deleted tenant left in the database (its records, logs, name index entries, OAuth grants,
   * then the tenant itself), in short transactions of up to `rowsPerStep` rows each, so that a server working on
   * the same file meanwhile waits no longer than one of them. Run it again after an interruption to finish. Null
   * when no tenant has that uuid (never created, or purged already); a ConflictError for a tenant not deleted.
   * The file does not shrink: SQLite reuses the freed pages (they are overwritten with zeros).
   */
  purge(tenantUuid: string, options?: TenantPurgeOptions): Promise<TenantPurgeResult | null>;
}

/** A tenant's rate-limit tier and, for the custom tier, its limits (`tenants.setTier`). */
export type TenantTier = Pick<NewTenant, "tier" | "per_second_limit" | "monthly_limit">;

/** How `tenants.purge` goes. */
export interface TenantPurgeOptions {
  /** Rows one transaction deletes at most (default 1,000). */
  rowsPerStep?: number;
  /** Called after each transaction that deleted rows: a display of the purge's progress. */
  onProgress?: (progress: TenantPurgeProgress) => void;
}

/** Where a purge is, after one of its steps (or once it is done with a table). */
export interface TenantPurgeProgress {
  /** The table the step deleted from. */
  table: string;
  /** Rows the step deleted (0: the purge is done with the table, whose rows went with other tables' deletions). */
  removed: number;
  /**
   * Of `total`, the rows gone: all that the tables the purge is done with held, and what the steps removed from the
   * table in progress (up to what it held). Never moves back; `total` once every table is passed.
   */
  done: number;
  /** The rows the tenant held when the purge began in the tables it deletes from step by step (counted by index). */
  total: number;
}

/** What `tenants.purge` removed. */
export interface TenantPurgeResult {
  tenantUuid: string;
  /**
   * Rows removed, by table, tables left without a row out: what each table with a `tenant_uuid` column held of the
   * tenant when the purge began, plus `name_search_keys` (its name index entries), `oauth_models` (its users'
   * grants, sessions and tokens) and `tenants` (1).
   */
  removedRows: Record<string, number>;
}

/** The `sort_by` values of `users.list`. */
export const USER_SORT_FIELDS = ["name", "updated_at"] as const;
/** One of `USER_SORT_FIELDS`. */
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** What a list of User records asks for: its position and length, filters and order. */
export interface UserListRequest extends PageRequest {
  /** The order's column, then the uuid: `name` (the default) or `updated_at`. */
  sort_by?: UserSortField;
  order: SortOrder;
  /**
   * Only users whose `updated_at` is at or after this instant (epoch milliseconds): it moves when a user is created,
   * deactivated, reactivated, given another role, or erased (a former employee's account).
   */
  updated_after?: number;
}

/** `store.users`: a tenant's internal users. */
export interface UserRepository {
  /** Creates the user and the user's own (internal) person node in one transaction. */
  create(input: NewUser): Promise<User>;
  get(tenantUuid: string, userUuid: string): Promise<User | null>;
  list(tenantUuid: string, request: UserListRequest): Promise<Page<User>>;
  /**
   * Deactivates the user: the user's person stops being internal, on its record and in the graph. Returns false
   * when the user does not exist in the tenant.
   */
  deactivate(tenantUuid: string, userUuid: string): Promise<boolean>;
  /**
   * The inverse of `deactivate`: the user is active again and their person internal again, on its record and in
   * the graph (a person merged into another meanwhile is followed to it). Returns false when the user does not
   * exist in the tenant.
   */
  reactivate(tenantUuid: string, userUuid: string): Promise<boolean>;
  /** Gives the user another role; the updated user, or null when the user does not exist in the tenant. */
  setRole(tenantUuid: string, userUuid: string, role: Role): Promise<User | null>;
}

/** A live key with its tenant, as authentication needs it. */
export interface ApiKeyOwner {
  key: ApiKey;
  tenant: Tenant;
}

/** `store.apiKeys`: API keys: issue, find by hash, list, rotate, revoke, prune. */
export interface ApiKeyRepository {
  create(input: NewApiKey): Promise<ApiKey>;
  /** The unrevoked, unexpired key with this hash whose tenant is live, or null. */
  findActiveByHash(keyHash: string): Promise<ApiKeyOwner | null>;
  /** The tenant's keys, oldest first, each with its last use (this process's uses not yet written included). */
  list(tenantUuid: string): Promise<ListedApiKey[]>;
  /**
   * Notes that `key` was used just now (the store's clock) over `via`; writes nothing now. Uses are kept in memory
   * and written at most once a minute and when the store closes, a key's latest only, and a written time never
   * moves back (another process on the file may have written a later one). Call it for every authenticated request.
   * `key` is the key as the store answers it or just its uuid and tenant: a field no key record has is refused.
   *
   * @example
   * store.apiKeys.noteUse(owner.key, "rest");
   */
  noteUse(key: Pick<ApiKey, "uuid" | "tenant_uuid">, via: KeyUseChannel): void;
  /**
   * Replaces a live key of the tenant with a new one (`replacement`'s hash and prefix) of the same user, label and
   * read-only flag, in one transaction. The replaced key expires `graceMs` from now (0: it is revoked at once); the new
   * key keeps its `lineage_uuid`. Null when the tenant has no such key; a `ConflictError` when it is revoked, or
   * expires already (rotated before).
   *
   * @example
   * const rotated = await store.apiKeys.rotate(tenantUuid, keyUuid, { key_hash, key_prefix }, { graceMs: 24 * 3_600_000 });
   */
  rotate(
    tenantUuid: string,
    keyUuid: string,
    replacement: Pick<NewApiKey, "key_hash" | "key_prefix">,
    options: { graceMs: number },
  ): Promise<RotatedApiKey | null>;
  /** Returns false when the key does not exist in the tenant or was already revoked. */
  revoke(tenantUuid: string, keyUuid: string): Promise<boolean>;
  /** Revokes every live key of the tenant with this label; returns how many. */
  revokeByLabel(tenantUuid: string, label: string): Promise<number>;
  /**
   * Deletes the keys revoked or expired before `retiredBefore` (epoch ms), of every tenant or of `tenantUuid`, with
   * their last uses, in one transaction; the keys deleted, by tenant then age. A deleted key's hash is unknown from
   * then on: presented, it is refused like any unknown key. Keys still working, or retired since, are kept.
   *
   * @example
   * const deleted = await store.apiKeys.deleteRetired({ retiredBefore: Date.now() - 90 * 86_400_000 });
   */
  deleteRetired(options: { retiredBefore: number; tenantUuid?: string }): Promise<ApiKey[]>;
}

/** The `sort_by` values of `persons.list`. */
export const PERSON_SORT_FIELDS = ["service_updated_at", "created_at", "name"] as const;
/** One of `PERSON_SORT_FIELDS`. */
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** The filters of a list of Person records: each one given narrows it. */
export interface PersonListFilters {
  uuids?: string[];
  /** Epoch ms; only records with `service_updated_at >= modified_since`. */
  modified_since?: number;
  /**
   * Every word (split at white space and punctuation, `nameWords`) in the person's `name` (the display name), both folded
   * (`foldName`: case, accents and the punctuation inside names ignored, "jose" finds "José", "obrien" "O'Brien");
   * `%` and `_` match literally. Text without a word is an InvalidInputError. When no person matches, the names
   * closest to the text are listed instead (a misspelling: `fuzzyNameRanking`), closest first unless `sort_by` is given;
   * for text that is an email address, the persons having that address (exact, any case), with no fuzzy retry.
   */
  name?: string;
  /**
   * Only persons with a current affiliation to this company (`is_current`), whether or not it is their primary
   * company. A company not in the tenant matches no person.
   */
  company_uuid?: string;
  /** The person's own `city` holds this text, in any letter's case (their companies' places are not read). */
  city?: string;
  /** The person's own stored country is one of these spellings (every spelling of the resolved country), ignoring the case of A–Z. */
  country_spellings?: string[];
  /**
   * The person's own stored state matches one of `state_spellings` (a subdivision's full name or `US-WA`, any country)
   * or one of `state_codes`, a bare code only where the person's country is that code's or is not stored. Both
   * ignoring the case of A–Z, as the company list's state filter.
   */
  state_spellings?: string[];
  state_codes?: StateCodeInCountry[];
}

/**
 * A page of the person list; `nameMatch` (with a `name` filter only) says whether the names hold the words, the fuzzy
 * retry found them, or (a `name` that is an email address no name holds) the persons have that address.
 */
export interface PersonPage extends Page<Person> {
  nameMatch?: "exact" | "fuzzy" | "email";
}

/** What a list of Person records asks for: its position and length, filters and order. */
export interface PersonListRequest extends PageRequest {
  filters: PersonListFilters;
  /** Default `service_updated_at`; a fuzzy `name` retry without it lists the closest names first. */
  sort_by?: PersonSortField;
  order: SortOrder;
}

/**
 * A condition on a record as stored, checked in a write's own transaction before the write changes anything, with the
 * record as `get` answers it: what it throws ends the write, nothing written, and reaches the caller. How an
 * `If-Match` is compared where no other writer (another process's included) can change the record in between.
 */
export type WritePrecondition<R> = (current: R) => void;

/** The options of a write of one record that may be conditional on the record as stored (`WritePrecondition`). */
export interface ConditionalWriteOptions<R> {
  precondition?: WritePrecondition<R> | undefined;
}

/** The two records of a merge as `get` answers them, before it: what a merge's `precondition` is given. */
export interface MergedPair<R> {
  canonical: R;
  superseded: R;
}

/** `store.persons`: a tenant's persons. */
export interface PersonRepository {
  /**
   * Throws ConflictError when an email belongs to another person, InvalidInputError for an unknown company.
   * `options.jobSource`: the export that gives the person's company and title (an import's), which a newer export of
   * it may move on (`followExportedJob`); without it, nothing but a user's or an integrator's write changes them.
   */
  create(input: NewPerson, options?: { jobSource?: PersonJobSource }): Promise<Person>;
  get(tenantUuid: string, personUuid: string): Promise<Person | null>;
  /** Fetches many at once (missing ones are absent from the map). */
  getMany(tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, Person>>;
  /** Display records of many live persons in two queries (missing ones are absent from the map). */
  displays(tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, PersonDisplayRecord>>;
  /**
   * The same records without their emails, in one query: a response that shows no email of most of the
   * persons it names (a batch's bridges) need not read them.
   */
  displayCards(tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, PersonDisplayCard>>;
  /**
   * One page of the tenant's live persons matching every filter. A `name` filter first indexes the tenant's
   * pending name notes (a write), then looks its rarest word of three characters or more up in the name index.
   */
  list(tenantUuid: string, request: PersonListRequest): Promise<PersonPage>;
  /**
   * Writes the fields present in `patch` and bumps service_updated_at; null when the person is not
   * in the tenant. A new primary company ends the current tenure at the previous one. A patch that leaves the stored
   * person as it was changes nothing (no stamp, no graph change) and answers the person as stored. `precondition`
   * is checked with the person before the write, in its transaction.
   */
  update(tenantUuid: string, personUuid: string, patch: PersonPatch, options?: ConditionalWriteOptions<Person>): Promise<Person | null>;
  /**
   * Names a live person whose name was only derived from an address (created from a bare address, or from a display
   * name that was the address or its local part) with `name`, moving service_updated_at; a name a user or an
   * integrator gave is kept. A blank `name`, or one that is itself one of the person's addresses or its local part,
   * changes nothing. True when the person was renamed. What contact imports and match-or-create call on a match.
   */
  nameIfUnnamed(tenantUuid: string, personUuid: string, name: string | null | undefined): Promise<boolean>;
  /**
   * Fills the live person's empty fields from a contact's `offer` (`emptyFieldsFilled`: a value a user typed or an
   * earlier import set is kept; the company and title only for a person with no current company), in one transaction,
   * moving service_updated_at only when something is written. The fields written ([] for none), null when the person
   * is not a live person of the tenant. What contact imports call on a match; a dry run applies `emptyFieldsFilled`.
   */
  fillEmptyFields(
    tenantUuid: string,
    personUuid: string,
    offer: PersonFieldOffer,
    options?: { jobSource?: PersonJobSource },
  ): Promise<Array<keyof PersonPatch> | null>;
  /**
   * Moves the live person's current company and title to those of a newer export of `source` (`jobFollowingExport`):
   * only when that source set the ones they have (`create` or `fillEmptyFields` with its `jobSource`, or an earlier
   * follow), never a job a user typed, another source gave or nobody knows the source of. A new company ends the
   * tenure at the old one, as a job change through `update` does. The fields written ([] for none), null when the
   * person is not a live person of the tenant. What a LinkedIn connections import calls on a match.
   */
  followExportedJob(tenantUuid: string, personUuid: string, source: PersonJobSource, offer: PersonJobOffer): Promise<Array<keyof PersonPatch> | null>;
  /** The export that set the live person's company and title, or null (a user, an integrator, an unknown import; an import's dry run). */
  jobSource(tenantUuid: string, personUuid: string): Promise<PersonJobSource | null>;
  /**
   * Gives the live person those of a contact's `addresses` that no person of the tenant holds and no erasure remembers,
   * after their own (the first becomes primary for a person with none), moving service_updated_at only when one is
   * given: what contact imports call on a match, so later mail from the card's other addresses finds the person. The
   * addresses given, normalized ([] for none); null when the person is not a live person of the tenant.
   */
  addFreeAddresses(tenantUuid: string, personUuid: string, addresses: readonly string[]): Promise<string[] | null>;
  /** Of the addresses, normalized, those `addFreeAddresses` would give, without writing (an import's dry run). */
  freeAddresses(tenantUuid: string, addresses: readonly string[]): Promise<string[]>;
  /** What `nameIfUnnamed` would answer, without writing (an import's dry run). */
  canNameIfUnnamed(tenantUuid: string, personUuid: string, name: string | null | undefined): Promise<boolean>;
  /**
   * Erases a live person of the tenant (a data subject's right to erasure), in one transaction: the person's row
   * and those of the persons merged into it, their addresses, affiliations, list memberships, links from
   * opportunities, notes and tasks (an opportunity whose intro person they were keeps going, with none), their
   * merge history, email participations (an email they sent, or left with fewer than two persons, is deleted
   * whole), meeting attendances and departures (meetings stay), and every index, search document and log entry
   * derived from them. The graph loses them too. False when the person is not a live person of the tenant;
   * ConflictError, writing nothing, when it is a user's own person (active or deactivated). `precondition` is checked
   * with the person before anything is erased, in the erasure's transaction.
   */
  erase(tenantUuid: string, personUuid: string, options?: ConditionalWriteOptions<Person>): Promise<boolean>;
  /**
   * Of the addresses, normalized as ingest normalizes them, those an erasure of the tenant remembers (since store
   * migration 0060): mail, calendar and contact ingest create no person for them, and creating or updating a person
   * with one is a ConflictError, until `allowErased`.
   */
  erasedAddresses(tenantUuid: string, addresses: readonly string[]): Promise<Set<string>>;
  /** Of the LinkedIn URLs, as given, those whose profile an erasure of the tenant remembers (as `erasedAddresses`). */
  erasedLinkedinUrls(tenantUuid: string, urls: readonly string[]): Promise<Set<string>>;
  /**
   * Forgets an erased address or LinkedIn URL (an operator's decision), so it may be stored again. True when the
   * tenant's erasures remembered it; false otherwise, another tenant's erasures included.
   */
  allowErased(tenantUuid: string, identifier: { email: string } | { linkedin_url: string }): Promise<boolean>;
  /**
   * Everything the tenant holds about a live person (a data subject's right of access), read from one snapshot
   * (the emails then a page at a time, gathered here; `exportPersonalDataInPages` leaves them to the caller):
   * their record and those merged into it, merges, addresses, user account (a user's own person is exported
   * too), affiliations with company names, list memberships, the opportunities, notes and tasks linked to them or
   * that they introduced (deleted ones included), the emails they are on (with stored bodies; other participants
   * only counted) and the meetings they attend, organise or left, the import jobs whose summary names them, and
   * what the graph derives about them (each user's connection score, the team's PathPower). A plain
   * JSON-serialisable document; null when the person is not a live person of the tenant (another tenant's, or
   * merged into another).
   */
  exportPersonalData(tenantUuid: string, personUuid: string): Promise<PersonalDataExport | null>;
  /**
   * The same export in parts, for a writer that sends it on as it goes: every section but the emails from one
   * snapshot (`document`, its `emails` empty), and `emailPages()`, the emails earliest first, a page of 500 per
   * read, so a mailbox with stored bodies is never held whole. Null as for `exportPersonalData`.
   */
  exportPersonalDataInPages(tenantUuid: string, personUuid: string): Promise<PagedPersonalDataExport | null>;
  /** Normalized address → the live person that has it. */
  findByEmails(tenantUuid: string, addresses: readonly string[]): Promise<Map<string, string>>;
  /** LinkedIn match key (`normalizeLinkedinUrl`) → live persons with that profile, oldest first. */
  findByLinkedinUrls(tenantUuid: string, urls: readonly string[]): Promise<Map<string, string[]>>;
  /**
   * Live persons with an email address at `domain` or currently affiliated with a company of that
   * domain (its current one or one it had before, `companies.formerDomains`), by name; at most `limit` uuids, and the total.
   */
  findByDomain(tenantUuid: string, domain: string, limit: number): Promise<{ uuids: string[]; total: number }>;
  /**
   * The persons merged into each of `personUuids` (directly or through earlier merges), in uuid order;
   * a person nothing was merged into is absent from the map. Merged-away uuids answer 404 everywhere.
   */
  mergedPersonUuids(tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, string[]>>;
}

/** The `sort_by` values of `companies.list`. */
export const COMPANY_SORT_FIELDS = ["service_updated_at", "created_at", "company_name"] as const;
/** One of `COMPANY_SORT_FIELDS`. */
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/** Inclusive bounds; either may be absent. */
export interface NumberRange {
  from?: number;
  to?: number;
}

/** Inclusive `YYYY-MM-DD` bounds, both required. */
export interface DateRange {
  from: string;
  to: string;
}

/** The filters of a list of Company records: each one given narrows it. */
export interface CompanyListFilters {
  uuids?: string[];
  modified_since?: number;
  /**
   * A substring of the company name, ignoring every letter's case (`%` and `_` literal); when no company holds it,
   * `nameSuggestions` gives the closest names.
   */
  name?: string;
  /** Case-insensitive substrings of these fields. */
  domain?: string;
  linkedin_url?: string;
  facebook_url?: string;
  twitter_url?: string;
  description?: string;
  city?: string;
  /** Stored country values that count as a match (every spelling of the resolved country), ignoring the case of A–Z. */
  country_spellings?: string[];
  /**
   * The stored state matches one of `state_spellings` (a subdivision's full name or `US-WA`, any country) or one of
   * `state_codes`, a bare code only where the company's country is that code's or is not stored ("WA" in Australia
   * is Western Australia, not Washington). Both ignoring the case of A–Z.
   */
  state_spellings?: string[];
  state_codes?: StateCodeInCountry[];
  /** OR lists, case-insensitive exact values. */
  operating_status?: string[];
  acquisition_status?: string[];
  ipo_status?: string[];
  industry_tags?: { values: string[]; operator: "AND" | "OR" };
  investor_types?: string[];
  last_investment_types?: string[];
  npi_types?: string[];
  founded_year?: NumberRange;
  score?: NumberRange;
  /** Head counts: a band matches when it overlaps the range. */
  employee_count?: NumberRange;
  overall_operating_score?: NumberRange;
  overall_investor_score?: NumberRange;
  last_investment_date?: DateRange;
  npi_date?: DateRange;
}

/** What a list of Company records asks for: its position and length, filters and order. */
export interface CompanyListRequest extends PageRequest {
  filters: CompanyListFilters;
  sort_by: CompanySortField;
  order: SortOrder;
}

/** `store.companies`: a tenant's companies. */
export interface CompanyRepository {
  create(input: NewCompany): Promise<Company>;
  /**
   * Writes the fields present in `patch` and bumps service_updated_at; null when not in the tenant. A patch that leaves
   * the stored company as it was changes nothing and answers the company as stored. `precondition` is checked with
   * the company before the write, in its transaction.
   */
  update(tenantUuid: string, companyUuid: string, patch: CompanyPatch, options?: ConditionalWriteOptions<Company>): Promise<Company | null>;
  get(tenantUuid: string, companyUuid: string): Promise<Company | null>;
  /** Fetches many at once (missing ones are absent from the map). */
  getMany(tenantUuid: string, companyUuids: readonly string[]): Promise<Map<string, Company>>;
  list(tenantUuid: string, request: CompanyListRequest): Promise<Page<Company>>;
  /**
   * The tenant's live companies whose names come closest to `filters.name` (`fuzzyNameRanking`: misspellings; each
   * name and the text compared without their legal forms, `withoutLegalForm`: "Acme GmbH" finds "Acme Ltd."), with
   * every other filter (AND), closest first (ties by uuid), at most `limit`; [] without a `name`. What to suggest
   * when `list` found no company's name holding the text: `list` itself answers only what holds it.
   */
  nameSuggestions(tenantUuid: string, filters: CompanyListFilters, limit: number): Promise<Company[]>;
  /**
   * The domains each company of the tenant had before its current one (migration 0066), the most recently left
   * first; a company with none is absent from the map.
   */
  formerDomains(tenantUuid: string, companyUuids: readonly string[]): Promise<Map<string, string[]>>;
}

/** `store.usage`: the monthly request counts of the rate limits. */
export interface UsageRepository {
  /**
   * Adds one request to the tenant's count for the month (`YYYY-MM`) and returns the new count. A tenant that does not
   * exist or is deleted is a NotFoundError, and nothing is counted. Another `month` is an InvalidInputError.
   * Counts are kept in memory between writes, so processes sharing the database see each other's a moment late; from
   * the count `exactFrom` on (a limit's last units), this process counts in the database at once, as every process
   * then does: two servers on one file never both take the last units of a limit. A plain number, not an options
   * object: every request makes this call, and its arguments are checked without zod (quick-acceptance.ts).
   * @example await store.usage.incrementMonthly(tenant.uuid, "2026-11", limit - 100);
   */
  incrementMonthly(tenantUuid: string, month: string, exactFrom?: number): Promise<number>;
  /** The tenant's count for the month (`YYYY-MM`, else an InvalidInputError); 0 when none was counted. */
  monthly(tenantUuid: string, month: string): Promise<number>;
}

/** `store.settings`: deployment-wide secrets, by key. */
export interface SettingsRepository {
  get(key: string): Promise<string | null>;
  /** Returns the stored value, storing `create()` first when the key is absent (a stored value is read without a write). */
  getOrCreate(key: string, create: () => string): Promise<string>;
  /** Stores `value` under `key`, replacing what was there (a rotated secret, say). */
  set(key: string, value: string): Promise<void>;
}

/** `store.emails`: a tenant's emails (headers; bodies apart). */
export interface EmailRepository {
  /**
   * Stores a message once per message id (a re-sent one answers DUPLICATE with the stored email). `<id@host>` and
   * `id@host` are one message id: a message stored under either form is a duplicate of the other. An email
   * `ingestMany` would skip (an erased participant's, `EmailSkippedResult`) is a ConflictError with its reason.
   */
  ingest(tenantUuid: string, input: NewEmail): Promise<EmailIngestResult>;
  /** The email stored under the message id, in either form (with or without its angle brackets); null when none. */
  get(tenantUuid: string, messageId: string): Promise<Email | null>;
  /**
   * Ingests many messages in one transaction, results in input order. Each item stands alone: one
   * with an invalid participant, or a field `ingest` does not take or of the wrong type (refused in `ingest`'s words),
   * is an ERROR and writes nothing; the others are stored (or DUPLICATE), exactly as one `ingest` call each would have done.
   */
  ingestMany(tenantUuid: string, inputs: readonly NewEmail[]): Promise<EmailBatchResult[]>;
  /** The tenant's email with this uuid, with its participants; null when it is not the tenant's or was deleted (erased). */
  getByUuid(tenantUuid: string, emailUuid: string): Promise<StoredEmail | null>;
  /**
   * The tenant's emails by `sent_at` then uuid. With `person_uuid` a page walks that person's participations
   * (index `email_participants_person_sent`), otherwise the tenant's emails by sent time (`emails_tenant_sent`,
   * migration 0051): never a walk of the tenant's emails checking each. Numbered pages count a `total`,
   * remembered until an email or a participation of the tenant changes.
   */
  list(tenantUuid: string, request: EmailListRequest): Promise<Page<StoredEmail>>;
}

/** The filters of a list of Email records: each one given narrows it. */
export interface EmailListFilters {
  /** Only these emails (to read the emails of an activity feed page). */
  uuids?: readonly string[];
  /** Only emails this person is on (sender, recipient or copied). */
  person_uuid?: string;
  /** Only emails sent at or after this instant (epoch milliseconds). */
  sent_from?: number;
  /** Only emails sent at or before this instant (epoch milliseconds). */
  sent_to?: number;
}

/** What a list of Email records asks for: its position and length, filters and order. */
export interface EmailListRequest extends PageRequest {
  filters: EmailListFilters;
  /** By `sent_at`, then uuid. */
  order: SortOrder;
}

/** The filters of a list of Meeting records: each one given narrows it. */
export interface MeetingListFilters {
  /** Only these meetings (to hydrate the meetings of an activity feed page). */
  uuids?: readonly string[];
  person_uuid?: string;
  starts_from?: number;
  starts_to?: number;
  status?: MeetingStatus;
  /** Only meetings whose `updated_at` is at or after this instant (epoch milliseconds): created or written again since. */
  updated_after?: number;
}

/** The `sort_by` values of `meetings.list`: the start time (the default) or the change time. */
export const MEETING_SORT_FIELDS = ["starts_at", "updated_at"] as const;
/** One of `MEETING_SORT_FIELDS`. */
export type MeetingSortField = (typeof MEETING_SORT_FIELDS)[number];

/** What a list of Meeting records asks for: its position and length, filters and order. */
export interface MeetingListRequest extends PageRequest {
  filters: MeetingListFilters;
  /** The order's column, then the uuid: `starts_at` (the default) or `updated_at`. */
  sort_by?: MeetingSortField;
  order: SortOrder;
}

/** `store.meetings`: a tenant's meetings and their attendees. */
export interface MeetingRepository {
  /**
   * Throws InvalidInputError when `ends_at` is before `starts_at`, ConflictError when another live meeting of the
   * tenant has the same `external_id` (checked in the write's transaction; a deleted meeting's id is free).
   */
  create(tenantUuid: string, input: NewMeeting, options?: MeetingWriteOptions): Promise<Meeting>;
  get(tenantUuid: string, meetingUuid: string): Promise<Meeting | null>;
  /** The live meeting with this `external_id`; of several (written before ids were held unique), the earliest created. */
  findByExternalId(tenantUuid: string, externalId: string): Promise<Meeting | null>;
  /**
   * The live meetings whose `external_id` starts with `prefix` (ending in an ASCII character; InvalidInputError otherwise) and that
   * start within the range (epoch ms, both ends included), by external id: a calendar series' stored occurrences
   * (`<UID>#`), sought through the tenant's external ids.
   */
  listByExternalIdPrefix(tenantUuid: string, prefix: string, range: { starts_from: number; starts_to: number }): Promise<Meeting[]>;
  list(tenantUuid: string, request: MeetingListRequest): Promise<Page<Meeting>>;
  /**
   * Null when the meeting does not exist in the tenant. Throws InvalidInputError, writing nothing, when the meeting
   * would end before it starts: the check reads the meeting in the write's transaction, so two concurrent updates
   * (one moving the end, one the start) cannot leave it ending first. Throws ConflictError, writing nothing, when
   * `external_id` is set to one another live meeting of the tenant has. A changed `organizer` without `attendees`
   * takes the old organizer off the kept list (it was there as the organizer) and puts the new one on it. With
   * `asMember` (a member's user uuid), a ForbiddenError, nothing written, when that user neither created the meeting
   * nor organizes it (its person), as the write's transaction reads it.
   */
  update(tenantUuid: string, meetingUuid: string, changes: MeetingUpdate, options?: MeetingWriteOptions & MemberWriteOptions): Promise<Meeting | null>;
  /**
   * Soft-deletes; false when not found. With `asMember` (as for `update`), a ForbiddenError, nothing written, when
   * that user neither created the meeting nor organizes it (its person), as the deletion's transaction reads it.
   */
  delete(tenantUuid: string, meetingUuid: string, options?: MemberWriteOptions): Promise<boolean>;
}

/** `store.interactions`: emails and meetings together: the graph's rows, timelines and the activity feed. */
export interface InteractionRepository {
  /** Every email and live meeting of the tenant, earliest first, for hydrating the relationship graph. */
  all(tenantUuid: string): AsyncIterable<InteractionRecord>;
  /**
   * Every email and live meeting the person takes part in (sender, recipient, organizer or attendee, a declined
   * one included), whole and in the order `all` gives them: what the graph needs to score that person alone.
   */
  allOf(tenantUuid: string, personUuid: string): AsyncIterable<InteractionRecord>;
  /** One interaction as the graph consumes it; null when gone (a deleted meeting). */
  get(tenantUuid: string, kind: ActivityItemKind, id: string): Promise<InteractionRecord | null>;
  /** Emails and confirmed meetings involving any of the persons, newest first; only those in the request's time range, if any. */
  timeline(tenantUuid: string, personUuids: readonly string[], request: TimelineRequest): Promise<Page<ActivityItem>>;
  /**
   * As `timeline`, of the emails and confirmed meetings that fall within one of the spans, each with that span's
   * person taking part in it: a company's activity over `affiliations.tenureSpans`.
   */
  spanTimeline(tenantUuid: string, spans: readonly TenureSpan[], request: TimelineRequest): Promise<Page<ActivityItem>>;
  /**
   * The tenant's emails and confirmed meetings in the order they were recorded (`sequence`, ascending; a
   * meeting moves to the end when changed), and their removals: a listed meeting written again that no
   * attendee counts any more (cancelled, deleted, declined by all), or a deleted email, is listed with
   * `removed: true`. The cursor key is
   * `[sequence, horizon sequence, horizon time]`: the retention horizon when the scan began, so a scan begun after a
   * prune goes on below it (see history-horizon.ts).
   */
  feed(tenantUuid: string, request: ActivityFeedRequest): Promise<Page<ActivityFeedItem>>;
}

/** What the activity feed is asked for: a page, and filters that combine with AND. */
/** A span of time a person was at a company (epoch milliseconds, both inclusive); null: open on that side. */
export interface TenureSpan {
  person_uuid: string;
  from: number | null;
  to: number | null;
}

/** A timeline page, optionally of what occurred within a time range (both bounds inclusive). */
export interface TimelineRequest extends PageRequest {
  /** Only items that occurred at or after this time (epoch milliseconds). */
  occurredAfter?: number | undefined;
  /** Only items that occurred at or before this time (epoch milliseconds). */
  occurredBefore?: number | undefined;
}

/** A page of the tenant's activity feed: the position, and from which sequence or time. */
export interface ActivityFeedRequest extends PageRequest {
  kind?: ActivityItem["kind"];
  /** Only items recorded at or after this time (epoch milliseconds). */
  recordedSince?: number;
  /** Only items placed after this sequence. */
  afterSequence?: number;
  /**
   * Only items this person took part in: their emails, and the meetings they are an attendee of, removed when
   * the person no longer counts the meeting (declined, or the meeting is cancelled or deleted), and the meetings
   * they were taken off the attendee list of (migration 0034), removed.
   */
  personUuid?: string;
}

/** `store.affiliations`: persons' tenures at companies. */
export interface AffiliationRepository {
  /** Every affiliation of these persons, each list current first. */
  listForPersons(tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, Affiliation[]>>;
  /**
   * Current affiliations of live persons with live companies: of the whole tenant, or of one
   * company or person. Company-level scores aggregate over these.
   */
  listCurrent(tenantUuid: string, filter?: { company_uuid?: string; person_uuid?: string }): Promise<Affiliation[]>;
  /**
   * The uuids of the live persons currently at a company, by uuid: the persons of `listCurrent` for the
   * company, without their affiliation records, read from the affiliations' index alone (migration 0028).
   * Whether the company itself is live is the caller's to check.
   */
  currentMemberUuids(tenantUuid: string, companyUuid: string): Promise<string[]>;
  /**
   * The spans of time the live persons' tenures at a company cover, current and past, by person then start (a
   * person who came back has two). A day not recorded is read from the person's other tenures: a tenure with no
   * `started_on` starts on the latest `ended_on` of their other tenures that ended by its end, a past one with no
   * `ended_on` ends on the earliest `started_on` of their other tenures from its start on; with none, that side is
   * open. Whether the company itself is live is the caller's to check.
   */
  tenureSpans(tenantUuid: string, companyUuid: string): Promise<TenureSpan[]>;
}

/** The `sort_by` values of `entityLists.list`. */
export const ENTITY_LIST_SORT_FIELDS = ["name", "updated_at"] as const;
/** One of `ENTITY_LIST_SORT_FIELDS`. */
export type EntityListSortField = (typeof ENTITY_LIST_SORT_FIELDS)[number];

/** What a list of EntityList records asks for: its position and length, filters and order. */
export interface EntityListListRequest extends PageRequest {
  kind?: EntityListKind;
  /** The order's column, then the uuid: `name` (the default) or `updated_at`. */
  sort_by?: EntityListSortField;
  /** `asc` when not given. */
  order?: SortOrder;
  /**
   * Only lists whose `updated_at` is at or after this instant (epoch milliseconds): it moves on a rename and on every
   * membership change, a merge's or an erasure's included.
   */
  updated_after?: number;
}

/** What `entityLists.update` changes: the fields given. */
export interface EntityListChanges {
  name?: string;
  /** A user's uuid or their person's; null for no owner. */
  owner_user_uuid?: string | null;
}

/** `store.entityLists`: a tenant's entity lists and their members. */
export interface EntityListRepository {
  create(input: NewEntityList): Promise<EntityList>;
  get(tenantUuid: string, listUuid: string): Promise<EntityList | null>;
  /** By name, in the persons' and companies' name order (`nameSortKey`: case and accents aside), or by `updated_at`; then uuid. */
  list(tenantUuid: string, request: EntityListListRequest): Promise<Page<EntityList>>;
  rename(tenantUuid: string, listUuid: string, name: string): Promise<EntityList | null>;
  /**
   * Renames the list and/or gives it another owner, together; null when not found. A new owner is an active user of
   * the tenant, named by their uuid or their person's (InvalidInputError otherwise), or null for none; the current
   * owner given again changes nothing, though since deactivated. `asMember` as for `addMembers`.
   */
  update(tenantUuid: string, listUuid: string, changes: EntityListChanges, options?: MemberWriteOptions): Promise<EntityList | null>;
  /** Deletes the list and its memberships; false when not found. `asMember` as for `addMembers`. */
  delete(tenantUuid: string, listUuid: string, options?: MemberWriteOptions): Promise<boolean>;
  /**
   * Members in the order they were added, those of one call in the order sent (since migration 0079; by `added_at`
   * then uuid before): the keys are the member's position and uuid.
   */
  members(tenantUuid: string, listUuid: string, request: PageRequest): Promise<Page<EntityListMember>>;
  /**
   * Adds entities (idempotent). Every uuid must be a live record of the list's kind: NotFoundError
   * for unknown ones, InvalidInputError for a record of the other kind. All or nothing. With `asMember` (a member's
   * user uuid), a list that user does not own, as the write's transaction reads it, is a NotFoundError (`list <uuid> not
   * found`), nothing written: to a member another user's list does not exist. So for `update`, `delete` and
   * `removeMember`.
   */
  addMembers(
    tenantUuid: string,
    listUuid: string,
    entityUuids: readonly string[],
    addedByUserUuid: string | null,
    options?: MemberWriteOptions,
  ): Promise<{ added: number; already_members: number }>;
  /** False when the entity is not a member. `asMember` as for `addMembers`. */
  removeMember(tenantUuid: string, listUuid: string, entityUuid: string, options?: MemberWriteOptions): Promise<boolean>;
  /** The lists an entity belongs to, by name. */
  listsContaining(tenantUuid: string, entityUuid: string): Promise<EntityList[]>;
  /** How many lists each entity belongs to (entities in no list are absent); remembered until a membership of the tenant changes. */
  membershipCounts(tenantUuid: string, entityUuids: readonly string[]): Promise<Map<string, number>>;
}

/** A person merge: the person kept, the one merged into it, and whether only to preview it. */
export interface PersonMergeRequest {
  tenant_uuid: string;
  canonical_uuid: string;
  superseded_uuid: string;
  /** True: a dry run that persists nothing. */
  preview: boolean;
  merged_by_user_uuid: string | null;
  /**
   * The most email addresses, tags and affiliations the merged person may hold (the caller's write limits): a merge
   * uniting more is refused (InvalidInputError), so the merged person can be read and written back. None: no limit.
   */
  limits?: PersonMergeLimits;
}

/** What a merged person may hold at most (`PersonMergeRequest.limits`). */
export interface PersonMergeLimits {
  emails: number;
  tags: number;
  affiliations: number;
}

/** What a person merge did, or in a preview would do. */
export interface PersonMergeOutcome {
  /** Both persons as they were before the merge. */
  canonical: Person;
  superseded: Person;
  /** The canonical person after the merge (as it would be, for a preview). */
  merged: Person;
  /** Reference kind → rows moved to the canonical person (or that would be). */
  moved: Record<string, number>;
  preview: boolean;
  /**
   * What the merge does to the tenant's relationship graph, in order (for a preview, what it would do): a preview's
   * caller applies them to a graph of its own (`applyGraphChange`) to see the merged person's relationships.
   */
  graph_changes: GraphChange[];
}

/** A merge that happened: `superseded_uuid` now lives in `canonical_uuid`. */
export interface PersonMergeRecord {
  superseded_uuid: string;
  canonical_uuid: string;
  merged_at: number;
  merged_by_user_uuid: string | null;
}

/** `store.personMerges`: person merges, previewed or made. */
export interface PersonMergeRepository {
  /**
   * Merges the superseded person into the canonical one in one transaction: every reference mover
   * runs, the canonical record fills its empty fields from the superseded one, and the superseded
   * record is removed. NotFoundError when either is missing; ConflictError when they are the same
   * person or already merged; InvalidInputError when the superseded person is an internal user's. `precondition` is
   * checked with both persons before anything moves, in the merge's transaction (a preview's too).
   */
  merge(request: PersonMergeRequest, options?: ConditionalWriteOptions<MergedPair<Person>>): Promise<PersonMergeOutcome>;
  /** The live person a merged-away uuid now lives in, or null when it was never merged. */
  mergedInto(tenantUuid: string, personUuid: string): Promise<string | null>;
  /** Merges into this person, newest first. */
  listInto(tenantUuid: string, canonicalUuid: string): Promise<PersonMergeRecord[]>;
}

/** A company merge: the company kept, the one merged into it, and whether only to preview it. */
export interface CompanyMergeRequest {
  tenant_uuid: string;
  canonical_uuid: string;
  superseded_uuid: string;
  /** True: a dry run that persists nothing. */
  preview: boolean;
  merged_by_user_uuid: string | null;
  /**
   * The most custom fields, and tags of each kind, the merged company may hold (the caller's write limits): a merge
   * uniting more is refused (InvalidInputError), so the merged company can be read and written back. None: no limit.
   */
  limits?: CompanyMergeLimits;
}

/** What a merged company may hold at most (`CompanyMergeRequest.limits`). */
export interface CompanyMergeLimits {
  /** Keys of `company_custom_fields`. */
  custom_fields: number;
  /** Entries of each of `service_industry_tags`, `investor_types` and `npi_types`. */
  tags: number;
  /** Bytes of `company_custom_fields` written as compact JSON (UTF-8): what a write of them back must carry. */
  custom_fields_bytes?: number;
}

/** What a company merge did, or in a preview would do. */
export interface CompanyMergeOutcome {
  /** Both companies as they were before the merge. */
  canonical: Company;
  superseded: Company;
  /** The canonical company after the merge (as it would be, for a preview). */
  merged: Company;
  /** The former domains of each: `canonical` and `superseded` before, `merged` after (as `companies.formerDomains`). */
  former_domains: { canonical: string[]; superseded: string[]; merged: string[] };
  /** Reference kind → rows moved to the canonical company (or that would be). */
  moved: Record<string, number>;
  preview: boolean;
  /** What the merge does to the tenant's relationship graph: each moved person's current companies. */
  graph_changes: GraphChange[];
}

/** `store.companyMerges`: company merges, previewed or made. */
export interface CompanyMergeRepository {
  /**
   * Merges the superseded company into the canonical one in one transaction: every reference mover runs
   * (`companyReferenceMovers`: tenures, primary companies, list memberships, links, former domains), the canonical
   * company takes the superseded one's values for its empty fields, and the superseded company is removed (soft-deleted
   * with `merged_into_uuid`). NotFoundError when either is not a live company of the tenant; ConflictError when they
   * are the same company or one was merged into the other. `precondition` is checked with both companies before
   * anything moves, in the merge's transaction (a preview's too).
   */
  merge(request: CompanyMergeRequest, options?: ConditionalWriteOptions<MergedPair<Company>>): Promise<CompanyMergeOutcome>;
  /** The live company a merged-away uuid now lives in, or null when it was never merged. */
  mergedInto(tenantUuid: string, companyUuid: string): Promise<string | null>;
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
  /** The ids of every stored object of a model, expired ones included. */
  listIds(model: string): Promise<string[]>;
  /**
   * Moves an object to a new id with a new payload, keeping its indexes, expiry and consumption, in one
   * transaction; when an object with the new id exists already it is kept and the old one deleted. False
   * when there was no object under `fromId`. With `toId` equal to `fromId`, replaces the payload only.
   */
  rekey(model: string, fromId: string, toId: string, payload: Record<string, unknown>): Promise<boolean>;
  /** Deletes objects that expired before `before` (epoch ms); returns how many. */
  deleteExpired(before: number): Promise<number>;
}

/** `store.oauthSigningKeys`: the OAuth server's signing and cookie keys. */
export interface OAuthSigningKeyRepository {
  /** Every key, oldest first. */
  list(): Promise<OAuthSigningKey[]>;
  /** Stores a key unless one with its kid exists (so concurrent first starts agree). */
  add(input: { kid: string; private_jwk: Record<string, unknown> }): Promise<void>;
  /** Deletes the key with this kid (a retired or revoked one); false when there was none. */
  remove(kid: string): Promise<boolean>;
}

/** What a failed sign-in counts against, and how many failures it allows in how long. */
export interface SignInFailureLimit {
  /** What the failures are counted by: a digest of the email typed, or of the client's address. */
  subject: string;
  /** Failures allowed within the window: an attempt is refused while the subject has this many. */
  limit: number;
  /** How long a failure counts, in milliseconds. */
  windowMs: number;
}

/** Whether a sign-in attempt may go on: with the ids of the failures it was noted as, or when to try again. */
export type SignInAdmission = { admitted: true; failureIds: number[] } | { admitted: false; retryAt: number };

/**
 * The failed sign-ins of the OAuth sign-in page, deployment-wide (a typed email may name no user, or users of
 * several tenants), so that every server on the database counts them alike and a restart forgets none.
 */
export interface SignInFailureRepository {
  /**
   * In one transaction, so that servers on one database never admit more attempts than the limits between them:
   * when every subject has fewer than its `limit` failures in its window before `at`, notes the attempt as a
   * failure of each at `at` (until `forget` says otherwise) and admits it; else notes nothing and answers the
   * time from which every subject is below its limit again.
   */
  admit(at: number, limits: SignInFailureLimit[]): Promise<SignInAdmission>;
  /** Deletes the failures `admit` noted for an attempt that did not fail. */
  forget(failureIds: number[]): Promise<void>;
  /** Deletes every failure of the subject (a successful sign-in clears its email's); returns how many. */
  clear(subject: string): Promise<number>;
  /** Deletes the failures noted before `before` (epoch ms), which no window counts any more; returns how many. */
  deleteBefore(before: number): Promise<number>;
}

/** A write sent with an `Idempotency-Key`: who sent it and under which key. */
export interface IdempotentRequestName {
  /** Who sent it, as the caller chooses to tell callers apart (the API: its key's uuid and the user context's). */
  caller: string;
  /** The `Idempotency-Key` the client chose. */
  key: string;
}

/** `claim`'s request: the write, a digest of what it asks, and how long answers and claims hold. */
export interface IdempotentClaimRequest extends IdempotentRequestName {
  /** A digest of the request (method, path, query, body): the key sent again with another request is refused. */
  fingerprint: string;
  /** Now (epoch ms). */
  at: number;
  /** How long a key is kept from its claim, and an answer from its recording (ms). */
  keepForMs: number;
  /** How long a claim with no answer holds before another request may take the key over (its request died). */
  staleAfterMs: number;
  /** Who runs the request (the API: its process); kept with the claim for `claimerStopped`. */
  claimer?: string;
  /**
   * Whether a claim's `claimer` stopped without answering (a server killed mid-write): its claim is taken over at once
   * rather than after `staleAfterMs`. Asked only of a claim made with a `claimer`.
   */
  claimerStopped?: (claimer: string) => boolean;
}

/**
 * What `claim` found: the key is this request's to run (`claimed`, with the claim's id); a request of that key was
 * answered (`answered`: its status, JSON text, null for a 204, and `ETag`, null for none); the key came with another request
 * (`other_request`); a request of that key is running (`in_progress`, since `claimedAt`); or one wrote (a write it
 * made under `markingWrites` committed) and then stopped, failed (`release`), or could not keep its answer, before
 * answering (`written`: its claim went stale or its claimer stopped; not run again, it would write twice).
 */
export type IdempotentClaim =
  | { outcome: "claimed"; claim: string }
  | { outcome: "answered"; status: number; response: string | null; entity_tag: string | null }
  | { outcome: "other_request" }
  | { outcome: "in_progress"; claimedAt: number }
  | { outcome: "written"; claimedAt: number };

/**
 * The claim a request's writes mark (`markingWrites`): filled in once its key is claimed (an upload claims it after
 * reading its form), and `done` once its answer is kept or the key given back. Until filled in, or once done, writes
 * mark nothing.
 */
export interface WriteMark {
  tenantUuid?: string;
  caller?: string;
  key?: string;
  claim?: string;
  done?: boolean;
}

/** The answer of a claimed write, to keep for its key. */
export interface IdempotentAnswer extends IdempotentRequestName {
  /** The id `claim` gave: only the request that claimed the key records its answer. */
  claim: string;
  status: number;
  /** The answer's JSON text; null for a 204. */
  response: string | null;
  /** The answer's `ETag`, which `claim` gives back with it (since store migration 0097); none when absent. */
  entity_tag?: string | null | undefined;
  /** Now (epoch ms). */
  at: number;
  /** How long the answer is kept (ms). */
  keepForMs: number;
}

/**
 * The writes clients sent with an `Idempotency-Key`, per tenant: a client that retries one after a lost answer gets
 * the first answer, not a second record. Servers on one database share them (each step is one transaction).
 */
export interface IdempotentRequestRepository {
  /**
   * In one transaction: takes the key for this request when no one holds it (or its holder's claim or answer has
   * expired, or a claim went stale), else says what holds it.
   *
   * @example
   * const found = await store.idempotentRequests.claim(tenant.uuid, { caller, key, fingerprint, at: Date.now(), keepForMs: 86_400_000, staleAfterMs: 300_000 });
   */
  claim(tenantUuid: string, request: IdempotentClaimRequest): Promise<IdempotentClaim>;
  /**
   * Whether an answer is kept for the key at `at` (epoch ms), whatever request it answered: a plain read, for a caller
   * that would refuse the request before reading what `claim` compares (an upload's form) unless it may be a retry.
   *
   * @example
   * if (!(await store.idempotentRequests.hasAnswer(tenant.uuid, { caller, key, at: Date.now() }))) throw tooMany;
   */
  hasAnswer(tenantUuid: string, request: IdempotentRequestName & { at: number }): Promise<boolean>;
  /** Keeps the claimed request's answer for `keepForMs`; false when the claim is no longer this request's. */
  answer(tenantUuid: string, answer: IdempotentAnswer): Promise<boolean>;
  /**
   * Gives the key back (the request failed: a retry runs it again); nothing when the claim is no longer its. A claim
   * marked written (a write of the request committed before it failed) is kept instead, no longer running: the key
   * sent again is `written`, not run a second time.
   */
  release(tenantUuid: string, request: IdempotentRequestName & { claim: string }): Promise<void>;
  /**
   * Runs `work` (the claimed request) so that each write it commits through this store's connection also marks the
   * claim written, in the write's own transaction (a write outside a transaction is given one). `mark` is read at each
   * commit: fill in its claim once the key is claimed, and set `done` once the answer is kept or the key given back.
   *
   * @example
   * const mark: WriteMark = { tenantUuid, caller, key, claim };
   * const answer = await store.idempotentRequests.markingWrites(mark, () => runTheWrite());
   * mark.done = true;
   */
  markingWrites<T>(mark: WriteMark, work: () => Promise<T>): Promise<T>;
  /** Deletes the keys expired before `before` (epoch ms), of every tenant; returns how many. */
  deleteExpired(before: number): Promise<number>;
}

/** `store.userPasswords`: users' sign-in passwords (scrypt hashes). */
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
/** The name indexes behind an opportunity `search` (store migrations 0016 and 0017). */
export interface NameSearchIndex {
  /**
   * Indexes every name write of the tenant noted since its last search, a step of 20,000 notes at a time,
   * awaiting `yieldControl` between steps; resolves to the number of notes there were. A search does the
   * same for its own tenant, one step at most, so this spares the first searches after a bulk load.
   */
  catchUp(tenantUuid: string, options?: { yieldControl?: () => Promise<unknown>; notesPerStep?: number }): Promise<number>;
}

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
  /** Each tenant's in-memory relationship graph, kept in step with every write through this store. */
  readonly graphs: TenantGraphs;
  /** The name indexes an opportunity search reads, and the tenant's name writes not yet in them. */
  readonly nameSearch: NameSearchIndex;
  readonly affiliations: AffiliationRepository;
  readonly entityLists: EntityListRepository;
  readonly personMerges: PersonMergeRepository;
  readonly companyMerges: CompanyMergeRepository;
  readonly opportunityTypes: OpportunityTypeRepository;
  readonly opportunityStages: OpportunityStageRepository;
  readonly opportunityCustomFields: OpportunityCustomFieldRepository;
  readonly opportunities: OpportunityRepository;
  readonly associations: AssociationRepository;
  readonly notes: NoteRepository;
  readonly tasks: TaskRepository;
  readonly files: FileRepository;
  readonly records: RecordLookupRepository;
  readonly oauthModels: OAuthModelRepository;
  readonly oauthSigningKeys: OAuthSigningKeyRepository;
  readonly userPasswords: UserPasswordRepository;
  readonly signInFailures: SignInFailureRepository;
  readonly idempotentRequests: IdempotentRequestRepository;
  /**
   * Runs `work` atomically: every write through the given store commits or none does. Inside `work` use only the
   * given store: a call through this one waits for the transaction to end, so it never returns. Called on a
   * transaction's store, it is a savepoint of that transaction: a `work` that throws leaves nothing of its own behind
   * (the outer transaction keeps its other writes), so a batch can be one transaction of items that fail alone. Run
   * such nested calls one at a time.
   */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /**
   * A number that moves whenever what a read of the tenant's data may answer moves: a write to any of its
   * records (from any process; another's is seen by reads that start more than a millisecond after it) or a change to its
   * graph. Anything derived from the tenant's data stays valid while it does not move. NaN inside a
   * transaction, whose writes may yet roll back.
   */
  revision(tenantUuid: string): number;
  /**
   * Writes a consistent copy of the whole database to the file `destination` while this and other processes keep
   * writing: every commit made before the copy started and none after, in one self-contained file (no `-wal`
   * beside it) that `createSqliteStore` opens and migrates like any database. Written to a temporary file in the
   * destination's folder, renamed into place at the end: a failure leaves nothing behind. An `InvalidInputError`
   * for a `:memory:` store, a destination that is the database (or its `-wal`, `-shm`, `-journal`), a folder, in
   * a folder that does not exist or cannot be written; a `ConflictError` for an existing file unless `replace`.
   * An aborted `signal` stops the copy, leaving nothing behind either.
   */
  backup(destination: string, options?: StoreBackupOptions): Promise<StoreBackupResult>;
  /**
   * Closes the database; every later call of the store (but `close`, which answers once it is closed) is refused with a
   * `StoreClosedError`. Calls already running finish first (the SQLite store waits `closeWaitMs` for them; one still
   * running then fails with a `StoreClosedError` naming it). An iteration of `interactions.all` or `allOf` is such a
   * call from its first step to its end; one begun after `close()` is refused.
   */
  close(): Promise<void>;
}

/** How `store.backup` writes its copy. */
export interface StoreBackupOptions {
  /** Overwrite the destination when it exists (default false: a `ConflictError`). */
  replace?: boolean;
  /** Called between the copy's steps (about 4 MB each); a copy done in one step does not call it. */
  onProgress?: (progress: StoreBackupProgress) => void;
  /** Stops the copy at its next step: the promise rejects with the signal's reason and the partial file is removed. */
  signal?: AbortSignal;
}

/** How far a `store.backup` copy is. */
export interface StoreBackupProgress {
  bytesCopied: number;
  bytesTotal: number;
}

/** The copy `store.backup` wrote. */
export interface StoreBackupResult {
  /** The destination as an absolute path. */
  path: string;
  /** The copy's size in bytes. */
  bytes: number;
}

/** `store.importJobs`: import jobs of uploads. */
export interface ImportJobRepository {
  create(tenantUuid: string, input: NewImportJob): Promise<ImportJob>;
  get(tenantUuid: string, jobUuid: string): Promise<ImportJob | null>;
  /** queued → running; false when the job is not queued (already started, finished or gone). */
  start(tenantUuid: string, jobUuid: string): Promise<boolean>;
  /** Records progress of a running job and refreshes its heartbeat (`updated_at`). */
  progress(tenantUuid: string, jobUuid: string, progress: ImportJobProgress): Promise<void>;
  /**
   * Ends a queued or running job; false when it had already ended. With `replacingError`, a job that ended failed with
   * exactly that error is ended again with `outcome`: the runner's own ending replaces the guess another node recorded
   * (that its runner was lost) while the runner could not write it.
   */
  finish(tenantUuid: string, jobUuid: string, outcome: ImportJobOutcome, options?: { replacingError?: string }): Promise<boolean>;
  /**
   * Asks a queued or running job to stop (its runner, on whichever node, reads `cancel_requested_at` at its next batch
   * and ends it `cancelled`); the first ask's time is kept. False when the job has ended or is not the tenant's.
   */
  requestCancel(tenantUuid: string, jobUuid: string): Promise<boolean>;
  /** Marks failed, with `error`, every queued or running job whose heartbeat is older than `heartbeatBefore`; returns how many. */
  failStale(tenantUuid: string, heartbeatBefore: number, error: string): Promise<number>;
}

/** Read-only lookups by the keys imports match on (normalized by the caller). */
export interface MatchKeyRepository {
  /**
   * The oldest live company with this domain (compared case-insensitively, without scheme or `www.`); when none has
   * it as its current domain, the live company that most recently had it before (`companies.formerDomains`).
   */
  companyByDomain(tenantUuid: string, domain: string): Promise<Company | null>;
  /**
   * The oldest live company (by `created_at`, then uuid) with this name as `companyNameKey` compares names: trimmed,
   * every letter's case folded as Unicode folds it ("ВТБ" finds "втб", "ΑΛΦΑ" "Άλφα"), composed or decomposed alike
   * ("Société" typed finds "Socie\u0301te\u0301" as macOS writes it), compatibility forms as their plain letters
   * ("ＴＯＹＯＴＡ" finds "Toyota"), punctuation, spaces and trade marks left out ("ACME INC" finds "Acme, Inc.");
   * other accents and symbols count ("Muller AG" does not find "Müller AG", nor "C Labs" "C++ Labs").
   */
  companyByName(tenantUuid: string, name: string): Promise<Company | null>;
}

/** Message bodies kept by an import with `--keep-bodies` (headers alone are the default). */
export interface EmailBodyRepository {
  /**
   * Stores the body once; a second call for the same email changes nothing. The first moves the email to the
   * activity feed's end (its `has_body` changed), so pollers see it again.
   */
  put(tenantUuid: string, emailUuid: string, bodyText: string): Promise<void>;
  get(tenantUuid: string, emailUuid: string): Promise<string | null>;
}

/** The import repositories, merged into `Store` (declared apart so branches append). */
export interface Store {
  readonly importJobs: ImportJobRepository;
  readonly matchKeys: MatchKeyRepository;
  readonly emailBodies: EmailBodyRepository;
}

/** The deletions log, merged into `Store` (declared apart so branches append). */
export interface Store {
  /** Every record of the tenant gone (store migration 0039), in commit order: what a syncing client must drop. */
  readonly deletions: RecordDeletionRepository;
}

/** The likely duplicates, merged into `Store` (declared apart so branches append). */
export interface Store {
  /** Pairs of live persons or companies of a tenant that look like one record (store migration 0096), to merge. */
  readonly duplicates: DuplicateRepository;
}

/** How `history.prune` goes. */
export interface HistoryPruneOptions {
  /** Entries recorded before this instant (epoch ms) are pruned. */
  olderThan: number;
  /** Only this tenant's logs (default: every live tenant's). */
  tenantUuid?: string;
  /** Entries one transaction walks (and deletes) at most (default 1,000). */
  rowsPerStep?: number;
}

/** What `history.prune` removed from one log of one tenant, and the horizon it recorded. */
export interface HistoryPruneResult {
  tenantUuid: string;
  log: "activity_feed" | "record_deletions";
  removed: number;
  /** Reads starting after a lower sequence are refused with a HistoryPrunedError. */
  prunedThroughSequence: number;
  /** The newest time pruned (epoch ms): reads `since` it or earlier, without a sequence, are refused. */
  prunedThroughTime: number;
}

/** The retention of the history logs, merged into `Store` (declared apart so branches append). */
export interface Store {
  readonly history: {
    /**
     * Deletes the deletions log's entries and the activity feed's entries of emails and meetings that are gone,
     * recorded before `olderThan`, in short transactions of `rowsPerStep` rows, and records each log's horizon
     * first: a feed or deletions read that starts before it then fails with a HistoryPrunedError (the API's 410)
     * instead of silently missing what was pruned. A live item's feed entry (its current state) is kept.
     */
    prune(options: HistoryPruneOptions): Promise<HistoryPruneResult[]>;
  };
}
