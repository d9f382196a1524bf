/**
 * @module
 * The reads the SQLite store remembers, each until a write to what it depends on raises the
 * tenant's generation of that scope (migrations 0007, 0009, 0010, 0027, 0036, 0067); persons are dropped one by one, as
 * the log of migration 0029 names them. Only the store's root context has them:
 * inside a transaction every read goes to the database.
 */
import type SqliteDatabase from "better-sqlite3";
import type { Company, Person, PersonDisplayCard, PersonDisplayRecord } from "../records.js";
import type { FoldedPersonNames } from "../repositories/folded-person-names.js";
import type { ApiKeyOwner, TenureSpan } from "../store.js";
import { GenerationCache, type ChangedKeysReader, type GenerationReader } from "./generation-cache.js";
import { GenerationSnapshots } from "./generation-snapshots.js";
import { PERSON_CHANGES_KEPT } from "./migrations/0029-person-changes.js";
import { TIMELINES } from "./migrations/0036-timeline-generations.js";
import { SEARCH_DOCUMENTS } from "./migrations/0067-fuzzy-retry-reads.js";

export interface RememberedReads {
  /** Opportunity signals of persons and companies (`associations.recentOpportunitiesOf`). */
  dealLinkSignals: GenerationCache<{ total: number; recent: string[] } | null>;
  /** How many entity lists each person or company belongs to, 0 for none (`entityLists.membershipCounts`). */
  listMemberships: GenerationCache<number>;
  /** The tenant's live opportunities, under the tenant's uuid (`opportunities.list`, for a dense search). */
  liveOpportunities: GenerationCache<number>;
  /**
   * Opportunities' search documents by opportunity uuid, lines joined by spaces and case folded, as the fuzzy retry
   * of `opportunities.list` matches them; until a search document is written (migration 0067).
   */
  foldedOpportunityDocuments: GenerationCache<string>;
  /** Live key owners by key hash (`apiKeys.findActiveByHash`), and the tenant each hash belongs to. */
  keyOwners: GenerationCache<ApiKeyOwner>;
  tenantOfKeyHash: Map<string, string>;
  /** Person records by uuid, null for none (`persons.get`, `getMany`); deeply frozen: every caller shares them. */
  persons: GenerationCache<Person | null>;
  /** Totals of person list queries, by count statement and parameters (`persons.list`): each page would count again. */
  personListTotals: GenerationCache<number>;
  /**
   * Every live person's name, folded for the fuzzy `name` retry of `persons.list` (one value per tenant): each
   * retry read and folded every name of the tenant again.
   */
  foldedPersonNames: GenerationCache<FoldedPersonNames>;
  /**
   * The persons merged into each person, by the person's uuid, null for none (`persons.mergedPersonUuids`), frozen;
   * until the `persons` generation moves (a merge writes the merged person's row; an erasure deletes it). Not by the
   * change log: a change to a merged person does not name the person it went into.
   */
  mergedPersons: GenerationCache<readonly string[] | null>;
  /** Person display records by uuid, null for none (`persons.displays`); deeply frozen like `persons`. */
  personDisplays: GenerationCache<PersonDisplayRecord | null>;
  /** The same without emails (`persons.displayCards`), for persons whose display record is not remembered. */
  personDisplayCards: GenerationCache<PersonDisplayCard | null>;
  /** Totals of company list queries, by count statement and parameters (`companies.list`), like `personListTotals`. */
  companyListTotals: GenerationCache<number>;
  /** Every live company's name without its legal form, folded for `companies.nameSuggestions`, as `foldedPersonNames`. */
  foldedCompanyNames: GenerationCache<FoldedPersonNames>;
  /**
   * The live persons currently at each company, by company uuid (`affiliations.currentMemberUuids`), frozen; until
   * the `persons` generation moves, which every write to a person row or an affiliation raises (migration 0009).
   */
  companyMembers: GenerationCache<readonly string[]>;
  /**
   * The tenure spans of each company's people, by company uuid (`affiliations.tenureSpans`), frozen; until the
   * `persons` generation moves, as `companyMembers` (a span's dates come from the person's tenures at any company).
   */
  companyTenureSpans: GenerationCache<readonly Readonly<TenureSpan>[]>;
  /** Company records by uuid, null for none (`companies.get`, `getMany`); deeply frozen like `persons`. */
  companies: GenerationCache<Company | null>;
  /**
   * Totals of meeting list queries without an attendee filter, by count statement and parameters
   * (`meetings.list`), until a meeting row changes (migration 0027).
   */
  meetingListTotals: GenerationCache<number>;
  /**
   * Totals of meeting lists with an attendee filter, by count statement and parameters (`meetings.list`), until a
   * meeting row or an attendee row changes (migrations 0027 and 0036).
   */
  attendeeMeetingListTotals: GenerationCache<number>;
  /**
   * Totals of timelines and of the activity feed (`interactions.timeline`, `interactions.feed` on numbered pages), by
   * persons and filters, until a participation or a feed entry changes (migration 0036).
   */
  timelineTotals: GenerationCache<number>;
  /** Users by uuid and pages of users by request (`users.get`, `users.list`). */
  users: GenerationCache<unknown>;
  /** The sum of the tenant's generations of every scope (see `GenerationSnapshots.total`). */
  generationTotal(tenantUuid: string): number;
}

/**
 * Records remembered per tenant and kind before the tenant's map starts over: a busy tenant's hot
 * persons fit, a sweep over all of a large tenant's persons does not pin them all in memory.
 */
const MAXIMUM_RECORDS = 50_000;

/** List totals remembered per tenant (one per distinct filter) before the tenant's map starts over. */
const MAXIMUM_LIST_TOTALS = 1_000;

/** Key hashes remembered at most before the map starts over. */
const MAXIMUM_KEY_HASHES = 100_000;

/** The generations every remembered read checks; `forget` must run before each statement that may write. */
export function createGenerationSnapshots(sqlite: SqliteDatabase.Database): GenerationSnapshots {
  // Prepared at the first read: the store is created before migrations make the table.
  let scopes: SqliteDatabase.Statement | undefined;
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  return new GenerationSnapshots({
    readScopes(tenantUuid) {
      scopes ??= sqlite.prepare("select scope, generation from change_generations where tenant_uuid = ?").raw();
      return scopes.all(tenantUuid) as Array<[string, number]>;
    },
    inTransaction: () => sqlite.inTransaction,
    commitsByOthers: () => dataVersion.get() as number,
  });
}

/**
 * The persons changed in a tenant since a generation of its `persons` scope, from the log of migration 0029;
 * null when the log no longer reaches back that far or a change touched every person (a company's).
 */
export function createPersonChangeLog(sqlite: SqliteDatabase.Database): ChangedKeysReader {
  // Prepared at the first read: the store is created before migrations make the table.
  let changes: SqliteDatabase.Statement | undefined;
  return (tenantUuid, generation) => {
    // One statement, so that the present generation and the log are read from one snapshot of the file.
    changes ??= sqlite
      .prepare(
        `select 1, generation from change_generations where tenant_uuid = @tenant and scope = 'persons'
         union all
         select 0, person_uuid from person_changes where tenant_uuid = @tenant and generation > @generation`,
      )
      .raw();
    const rows = changes.all({ tenant: tenantUuid, generation }) as Array<[number, string | number | null]>;
    const present = Number(rows.find(([isPresent]) => isPresent === 1)?.[1] ?? 0);
    // Every generation after `present - PERSON_CHANGES_KEPT` is still logged.
    if (generation > present || generation < present - PERSON_CHANGES_KEPT) return null;
    const persons: string[] = [];
    for (const [isPresent, person] of rows) {
      if (isPresent === 1) continue;
      if (person === null) return null;
      persons.push(String(person));
    }
    return persons;
  };
}

export function createRememberedReads(snapshots: GenerationSnapshots, personChanges?: ChangedKeysReader): RememberedReads {
  const readerOf =
    (scope: string): GenerationReader =>
    (tenantUuid) =>
      snapshots.generation(tenantUuid, scope);
  const tenantOfKeyHash = new Map<string, string>();
  return {
    dealLinkSignals: new GenerationCache(readerOf("deal_links")),
    // deal_links moves on every insert, delete and deleted_at change of an opportunity (migration 0007).
    liveOpportunities: new GenerationCache(readerOf("deal_links")),
    foldedOpportunityDocuments: new GenerationCache(readerOf(SEARCH_DOCUMENTS), MAXIMUM_RECORDS),
    listMemberships: new GenerationCache(readerOf("entity_lists"), MAXIMUM_RECORDS),
    keyOwners: new GenerationCache(readerOf("access")),
    get tenantOfKeyHash() {
      if (tenantOfKeyHash.size > MAXIMUM_KEY_HASHES) tenantOfKeyHash.clear();
      return tenantOfKeyHash;
    },
    companies: new GenerationCache(readerOf("companies"), MAXIMUM_RECORDS),
    companyMembers: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS),
    companyTenureSpans: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS),
    companyListTotals: new GenerationCache(readerOf("companies"), MAXIMUM_LIST_TOTALS),
    foldedCompanyNames: new GenerationCache(readerOf("companies")),
    persons: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS, personChanges),
    mergedPersons: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS),
    personDisplays: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS, personChanges),
    personDisplayCards: new GenerationCache(readerOf("persons"), MAXIMUM_RECORDS, personChanges),
    personListTotals: new GenerationCache(readerOf("persons"), MAXIMUM_LIST_TOTALS),
    foldedPersonNames: new GenerationCache(readerOf("persons")),
    meetingListTotals: new GenerationCache(readerOf("meetings"), MAXIMUM_LIST_TOTALS),
    // Both generations only grow, so their sum moves whenever either does.
    attendeeMeetingListTotals: new GenerationCache((tenantUuid) => snapshots.generation(tenantUuid, "meetings") + snapshots.generation(tenantUuid, TIMELINES), MAXIMUM_LIST_TOTALS),
    timelineTotals: new GenerationCache(readerOf(TIMELINES), MAXIMUM_LIST_TOTALS),
    users: new GenerationCache(readerOf("users")),
    generationTotal: (tenantUuid) => snapshots.total(tenantUuid),
  };
}
