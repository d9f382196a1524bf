/**
 * @module
 * The opportunity list's SQL: every filter as a condition on `o` (the opportunities table), and
 * every sort as one `sort_value` expression selected next to the row, so keyset pagination can
 * order and seek on computed values (stage order, owner name, days in stage, counts) too.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database, OpportunitiesTable } from "../database-schema.js";
import type { OpportunityListFilters, OpportunitySortField } from "../deal-store.js";
import { sqliteLower } from "../normalize.js";
import { rawInList } from "../sqlite/long-in-lists.js";
import { rankIn } from "./fuzzy-rank.js";
import { liveRecordsNamed, nameContains as contains, searchWords, textContainsInAnyCase } from "./name-search.js";
import { DAY_MS } from "./opportunity-hydration.js";
import { documentHoldsEveryWord, opportunitiesWithEveryWord } from "./opportunity-search-documents.js";
import { and, or } from "./sql-logic.js";
import { stateMatches, storedIn } from "./state-match.js";


/**
 * One opportunity (`opportunityRef`, a sub-opportunity of the row) has a live associated person matching
 * `condition` on `p`. Filters over the row itself use `linkedRecordMatches`, which reads the links once.
 */
function linkedPerson(tenantUuid: string, condition: Expression<SqlBool>, opportunityRef: RawBuilder<unknown>) {
  return sql<SqlBool>`exists (select 1 from associations a join persons p on p.uuid = a.entity_uuid
    where a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = ${opportunityRef}
    and a.entity_type = 'PERSON' and p.tenant_uuid = ${tenantUuid} and p.deleted_at is null and ${condition})`;
}

/** The same for companies, on `c`. */
function linkedCompany(tenantUuid: string, condition: Expression<SqlBool>, opportunityRef: RawBuilder<unknown>) {
  return sql<SqlBool>`exists (select 1 from associations a join companies c on c.uuid = a.entity_uuid
    where a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = ${opportunityRef}
    and a.entity_type = 'COMPANY' and c.tenant_uuid = ${tenantUuid} and c.deleted_at is null and ${condition})`;
}

/**
 * An opportunity associated with a live person or company (`r`) for which `condition` holds (on `a`, the
 * link, or `r`). Found from the matching records' links (the covering index of opportunity links) once,
 * not by a probe per opportunity of the tenant: a correlated `exists` made the planner walk every
 * opportunity (one company's list took 1.2 to 2.6 s at benchmark scale L, 159 ms this way).
 */
function linkedRecordMatches(tenantUuid: string, entityType: "PERSON" | "COMPANY", condition: Expression<SqlBool>) {
  const records = entityType === "PERSON" ? sql`persons` : sql`companies`;
  return sql<SqlBool>`o.uuid in (select a.owner_uuid from associations a indexed by associations_opportunity_links
    join ${records} r on r.uuid = a.entity_uuid
    where a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = ${entityType}
    and r.tenant_uuid = ${tenantUuid} and r.deleted_at is null and ${condition})`;
}

/** An opportunity associated with any of these live persons or companies. */
function linkedToAny(tenantUuid: string, entityType: "PERSON" | "COMPANY", uuids: readonly string[]) {
  return uuids.length === 0 ? sql<SqlBool>`1 = 0` : linkedRecordMatches(tenantUuid, entityType, rawInList(sql`a.entity_uuid`, uuids));
}

/** A parent with a live sub-opportunity for which `childCondition` (on `child`) holds. */
function hasChild(tenantUuid: string, childCondition: Expression<SqlBool>) {
  return sql<SqlBool>`(o.parent_uuid is null and exists (select 1 from opportunities child
    where child.tenant_uuid = ${tenantUuid} and child.parent_uuid = o.uuid and child.deleted_at is null and ${childCondition}))`;
}

/**
 * An opportunity associated with one of the live persons or companies of `records` (their UUIDs). The
 * tenant's records are matched first and their links then sought by record. At benchmark scale L the
 * totals took 13–35% less time than when the record of each of the file's opportunity links was tested
 * ("company": 0.73–0.77 s against 0.97–1.09 s), and only the tenant's own records are read.
 */
function linkedToRecords(tenantUuid: string, entityType: "PERSON" | "COMPANY", records: RawBuilder<unknown>) {
  return sql<SqlBool>`o.uuid in (select a.owner_uuid from associations a indexed by associations_opportunity_links
    where a.entity_uuid in (${records})
    and a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = ${entityType})`;
}

/**
 * The uuids of the tenant's live persons or companies (`r`) whose place passes `place`, read from their places' index
 * (migration 0086) alone: every place test needs a country, state or city, the index's own condition.
 */
function recordsAt(tenantUuid: string, table: "persons" | "companies", place: Expression<SqlBool>) {
  return sql`select r.uuid from ${sql.table(table)} r indexed by ${sql.raw(`${table}_live_places`)}
    where r.tenant_uuid = ${tenantUuid} and r.deleted_at is null and coalesce(r.country, r.state, r.city) is not null and ${place}`;
}

/**
 * `word` in the opportunity's name or a linked record's name, each kind's matches found once, up front:
 * through the name indexes for the search's driving word, else by reading every name of the tenant.
 */
function wordMatchedUpFront(tenantUuid: string, word: string, useIndex: boolean) {
  return or([
    useIndex ? sql<SqlBool>`o.uuid in (${liveRecordsNamed(tenantUuid, "OPPORTUNITY", word, true)})` : contains(sql`o.name`, word),
    linkedToRecords(tenantUuid, "PERSON", liveRecordsNamed(tenantUuid, "PERSON", word, useIndex)),
    linkedToRecords(tenantUuid, "COMPANY", liveRecordsNamed(tenantUuid, "COMPANY", word, useIndex)),
  ]);
}

export { searchWords };

/**
 * How a search reads what it matches. `names` while the tenant has writes not yet applied to the name
 * indexes and search documents: every name of the tenant, for each word. `documents` once they are
 * applied: the opportunities' search documents (migration 0018), after a `drivingWord` (rare in the name
 * indexes: `rarestIndexedWord`) has been looked up in the indexes when there is one. Without one,
 * `walksSortIndex` suits matches dense enough (`matchesAreDense`) that a page in an indexed order is found
 * by walking that index, testing each opportunity, sooner than by sorting every match.
 */
export type SearchPlan = { reads: "names" } | { reads: "documents"; drivingWord?: string; walksSortIndex?: boolean };

/**
 * Every word in the name or in an associated live person's or company's name (case-insensitive as
 * `lower()` is). All plans find the same opportunities. At benchmark scale L a statement took:
 * - with a driving word, its matches from the indexes and the other words tested on those opportunities'
 *   documents: 1 to 50 ms;
 * - without one, every document of the tenant read once for all the words: 50 ms for "contact 12";
 * - reading every name: 120 to 780 ms for a rare word, 1.4 to 1.5 s for "contact 12".
 */
export function searchCondition(tenantUuid: string, search: string, plan: SearchPlan): Expression<SqlBool> {
  const words = searchWords(search);
  if (plan.reads === "names") return and(words.map((word) => wordMatchedUpFront(tenantUuid, word, false)));
  const { drivingWord } = plan;
  if (drivingWord === undefined || !words.includes(drivingWord)) {
    // `+` keeps SQLite from seeking each match by its UUID: it then walks the sort's index and stops at the page.
    const key = plan.walksSortIndex ? sql`+o.uuid` : sql`o.uuid`;
    return sql<SqlBool>`${key} in (${opportunitiesWithEveryWord(tenantUuid, words)})`;
  }
  const others = words.filter((word) => word !== drivingWord);
  const driven = wordMatchedUpFront(tenantUuid, drivingWord, true);
  return others.length === 0 ? driven : and([driven, documentHoldsEveryWord(tenantUuid, others, sql.ref("o.uuid"))]);
}

/** Conditions of every filter except `search`. */
export function filterConditions(tenantUuid: string, filters: OpportunityListFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  // `name` and `city` are the specification's "case-insensitive substring": every letter's case, not A–Z alone.
  if (filters.name) conditions.push(textContainsInAnyCase(sql`o.name`, filters.name));
  if (filters.type_uuid) conditions.push(sql<SqlBool>`o.type_uuid = ${filters.type_uuid}`);
  if (filters.stage_uuid) conditions.push(sql<SqlBool>`o.stage_uuid = ${filters.stage_uuid}`);
  if (filters.stage_uuids) conditions.push(rawInList(sql`o.stage_uuid`, filters.stage_uuids));
  if (filters.owner_user_uuids) {
    const owned = rawInList(sql`o.owner_user_uuid`, filters.owner_user_uuids);
    conditions.push(filters.include_no_owner ? or([owned, sql<SqlBool>`o.owner_user_uuid is null`]) : owned);
  }
  if (filters.has_owner !== undefined) {
    conditions.push(filters.has_owner ? sql<SqlBool>`o.owner_user_uuid is not null` : sql<SqlBool>`o.owner_user_uuid is null`);
  }
  if (filters.intro_person_uuid) conditions.push(sql<SqlBool>`o.intro_person_uuid = ${filters.intro_person_uuid}`);
  if (filters.related_company_uuid) {
    conditions.push(hasChild(tenantUuid, linkedCompany(tenantUuid, sql<SqlBool>`c.uuid = ${filters.related_company_uuid}`, sql.ref("child.uuid"))));
  }
  if (filters.related_person_uuid) {
    conditions.push(hasChild(tenantUuid, linkedPerson(tenantUuid, sql<SqlBool>`p.uuid = ${filters.related_person_uuid}`, sql.ref("child.uuid"))));
  }
  if (filters.parent_uuid) conditions.push(sql<SqlBool>`o.parent_uuid = ${filters.parent_uuid}`);
  else if (filters.hierarchy_type === "PARENT") conditions.push(sql<SqlBool>`o.parent_uuid is null`);
  else if (filters.hierarchy_type === "CHILD") conditions.push(sql<SqlBool>`o.parent_uuid is not null`);
  if (filters.company_uuids) conditions.push(linkedToAny(tenantUuid, "COMPANY", filters.company_uuids));
  if (filters.person_uuids) conditions.push(linkedToAny(tenantUuid, "PERSON", filters.person_uuids));
  if (filters.location) {
    const { city, states, state_codes: stateCodes, countries } = filters.location;
    const location = { state: sql.ref("r.state"), country: sql.ref("r.country") };
    const tests = [
      ...(city ? [textContainsInAnyCase(sql.ref("r.city"), city)] : []),
      ...(states || stateCodes ? [stateMatches(location, states ?? [], stateCodes ?? [])] : []),
      ...(countries ? [storedIn(location.country, countries)] : []),
    ];
    // No test left (an empty city): every linked record matches.
    const place = tests.length > 0 ? and(tests) : null;
    conditions.push(
      place === null
        ? or([linkedRecordMatches(tenantUuid, "PERSON", sql<SqlBool>`1 = 1`), linkedRecordMatches(tenantUuid, "COMPANY", sql<SqlBool>`1 = 1`)])
        : or([linkedToRecords(tenantUuid, "PERSON", recordsAt(tenantUuid, "persons", place)), linkedToRecords(tenantUuid, "COMPANY", recordsAt(tenantUuid, "companies", place))]),
    );
  }
  if (filters.value_from !== undefined) conditions.push(sql<SqlBool>`o.value >= ${filters.value_from}`);
  if (filters.value_to !== undefined) conditions.push(sql<SqlBool>`o.value <= ${filters.value_to}`);
  if (filters.probability_from !== undefined) conditions.push(sql<SqlBool>`o.probability >= ${filters.probability_from}`);
  if (filters.probability_to !== undefined) conditions.push(sql<SqlBool>`o.probability <= ${filters.probability_to}`);
  if (filters.updated_after !== undefined) conditions.push(sql<SqlBool>`o.updated_at >= ${filters.updated_after}`);
  if (filters.updated_before !== undefined) conditions.push(sql<SqlBool>`o.updated_at <= ${filters.updated_before}`);
  if (filters.source_date) {
    conditions.push(sql<SqlBool>`o.source_date >= ${filters.source_date.from} and o.source_date <= ${filters.source_date.to}`);
  }
  if (filters.close_date) {
    conditions.push(sql<SqlBool>`o.close_date >= ${filters.close_date.from} and o.close_date <= ${filters.close_date.to}`);
  }
  if (filters.last_activity) {
    conditions.push(sql<SqlBool>`o.last_activity_at >= ${filters.last_activity.from} and o.last_activity_at <= ${filters.last_activity.to}`);
  }
  return conditions;
}

/** Sorts whose value may be null (nulls go last in both directions). */
export const NULLABLE_SORTS: ReadonlySet<OpportunitySortField> = new Set([
  "value",
  "weighted_value",
  "probability",
  "source_date",
  "intro_date",
  "close_date",
  "last_activity_date",
  "details",
  "next_step",
  "owner",
  "intro_person",
]);

/**
 * Sorts whose value is a correlated subquery. The list selects them from a subquery that SQLite must not
 * flatten into the page's statement: flattened, the subquery ran again wherever the page's condition and
 * order named the value (up to seven times a row after a cursor; at benchmark scale L a cursor page by owner
 * took 308–368 ms of SQL against 157–175 ms).
 */
export const SUBQUERY_SORTS: ReadonlySet<OpportunitySortField> = new Set(["stage", "owner", "intro_person", "notes_and_files_count"]);

/**
 * Whether `uuid` names a live note of the link `nf`'s tenant, sought by the note's key (the tenant condition
 * unindexed, see `tenantOnly`).
 */
const liveNote = (uuid: RawBuilder<unknown>) =>
  sql`exists (select 1 from notes n where n.uuid = ${uuid} and +n.tenant_uuid = nf.tenant_uuid and n.deleted_at is null)`;

/** Whether `uuid` names a file of the link `nf`'s tenant (files are deleted outright), sought by its key. */
const existingFile = (uuid: RawBuilder<unknown>) => sql`exists (select 1 from files f where f.uuid = ${uuid} and +f.tenant_uuid = nf.tenant_uuid)`;

/**
 * The value an opportunity sorts by. Text sorts compare the keys the store writes with each text (migration 0080,
 * `textSortKey`; a person's and a user's `nameSortKey`), alphabetical whatever the case and accents.
 */
export function sortValue(sortBy: OpportunitySortField, now: number): RawBuilder<unknown> {
  switch (sortBy) {
    case "name":
      return sql`o.name_sort_key`;
    case "created_at":
    case "updated_at":
    case "value":
    case "weighted_value":
    case "probability":
    case "source_date":
    case "intro_date":
    case "close_date":
      return sql.ref(`o.${sortBy}`);
    case "last_activity_date":
      return sql`o.last_activity_at`;
    case "details":
      return sql`o.details_sort_key`;
    case "next_step":
      return sql`o.next_step_sort_key`;
    case "stage":
      return sql`(select s.position from opportunity_stages s where s.uuid = o.stage_uuid and s.tenant_uuid = o.tenant_uuid)`;
    case "owner":
      return sql`(select u.name_sort_key from users u where u.uuid = o.owner_user_uuid and u.tenant_uuid = o.tenant_uuid)`;
    case "intro_person":
      return sql`(select ip.name_sort_key from persons ip
        where ip.uuid = o.intro_person_uuid and ip.tenant_uuid = o.tenant_uuid and ip.deleted_at is null)`;
    case "days_in_stage":
      // Whole days, as integer arithmetic on both SQLite and PostgreSQL.
      return sql`((${sql.lit(Math.trunc(now))} - o.stage_entered_at) / ${sql.lit(DAY_MS)})`;
    case "notes_and_files_count":
      // Two counts, each seeking its own index. One count with an `or` read every link of the tenant for each
      // opportunity: at benchmark scale L a page did not finish in ten minutes; this way 0.2 to 0.5 s.
      // Only links to a live note or an existing file count, as the record's own count (its association list)
      // does: a link left to a deleted one (written before links checked their sides) is not listed there.
      return sql`((select count(*) from associations nf where nf.tenant_uuid = o.tenant_uuid and nf.owner_uuid = o.uuid
          and nf.owner_type = 'OPPORTUNITY' and nf.entity_type in ('NOTE', 'FILE')
          and case nf.entity_type when 'NOTE' then ${liveNote(sql.ref("nf.entity_uuid"))} else ${existingFile(sql.ref("nf.entity_uuid"))} end)
        + (select count(*) from associations nf where nf.tenant_uuid = o.tenant_uuid and nf.entity_uuid = o.uuid
          and nf.owner_type = 'NOTE' and nf.entity_type = 'OPPORTUNITY' and ${liveNote(sql.ref("nf.owner_uuid"))}))`;
  }
}

/** Rank of each UUID in `ranked` (0 = closest), for fuzzy results. */
export function rankValue(ranked: readonly string[]): RawBuilder<unknown> {
  return rankIn("o.uuid", ranked);
}

/** Live opportunities of the tenant satisfying every condition. */
export function filteredOpportunities(db: Kysely<Database>, tenantUuid: string, conditions: readonly Expression<SqlBool>[]) {
  return db
    .selectFrom("opportunities as o")
    .where("o.tenant_uuid", "=", tenantUuid)
    .where("o.deleted_at", "is", null)
    .where(and(conditions));
}

/**
 * Filters tested on the opportunity's own columns, none of which leads an index: with only these, a list
 * reads every live opportunity of the tenant whatever plan it takes.
 */
const ROW_FILTERS: ReadonlySet<keyof OpportunityListFilters> = new Set([
  "name",
  "type_uuid",
  "intro_person_uuid",
  "value_from",
  "value_to",
  "probability_from",
  "probability_to",
  "source_date",
  "close_date",
  "last_activity",
]);

/** Whether `filters` leave every live opportunity to be read: none narrows them through an index or by UUID. */
export function readsEveryLiveOpportunity(filters: OpportunityListFilters): boolean {
  return Object.entries(filters).every(([key, value]) => value === undefined || ROW_FILTERS.has(key as keyof OpportunityListFilters));
}

/**
 * Filters with which a page sorted by last activity walks `opportunities_live_by_activity` (migration 0072): none,
 * the activity range (a range of the index itself), and the type (one of a tenant's few, tested on the rows walked).
 * With any other, the page reads the opportunities the filters leave and sorts them, as other sorts without an
 * index do: a rare match (a name, a value range) would walk the whole index for a page.
 */
const ACTIVITY_INDEX_FILTERS: ReadonlySet<keyof OpportunityListFilters> = new Set(["last_activity", "type_uuid"]);

/** Whether a page sorted by `sortBy` under `filters` walks `opportunities_live_by_activity` (`ACTIVITY_INDEX_FILTERS`). */
export function walksActivityIndex(sortBy: OpportunitySortField, filters: OpportunityListFilters): boolean {
  return (
    sortBy === "last_activity_date" &&
    Object.entries(filters).every(([key, value]) => value === undefined || ACTIVITY_INDEX_FILTERS.has(key as keyof OpportunityListFilters))
  );
}

/**
 * The two segments of a page walking `opportunities_live_by_activity`: the opportunities with an activity date, then
 * those without. `o.type_uuid >= ''` is the index's own condition (always true), which only these statements write.
 */
export const ACTIVITY_INDEX_CONDITIONS: Record<"dated" | "undated", Expression<SqlBool>[]> = {
  dated: [sql<SqlBool>`o.type_uuid >= ''`, sql<SqlBool>`o.last_activity_at is not null`],
  undated: [sql<SqlBool>`o.type_uuid >= ''`, sql<SqlBool>`o.last_activity_at is null`],
};

/** Row filters the totals' covering index (`opportunities_live_totals`, migration 0015) answers by itself. */
const TOTALS_INDEX_FILTERS: ReadonlySet<keyof OpportunityListFilters> = new Set(["value_from", "value_to"]);

/**
 * Whether the totals of `filters` read every live opportunity's row: every filter is a row filter
 * (`readsEveryLiveOpportunity`) and one tests a column the totals' covering index lacks. Such totals read the
 * rows in rowid order (`liveOpportunitiesInRowOrder`): through the covering index SQLite fetched each row by
 * its rowid, one random page after another (a type filter's totals at benchmark scale M: 8.7 ms against 1.6 ms).
 */
export function totalsReadEveryLiveRow(filters: OpportunityListFilters): boolean {
  return (
    readsEveryLiveOpportunity(filters) &&
    Object.entries(filters).some(([key, value]) => value !== undefined && !TOTALS_INDEX_FILTERS.has(key as keyof OpportunityListFilters))
  );
}

/**
 * The same rows as `filteredOpportunities`, read in rowid order through `opportunities_live_rows`
 * (migration 0020): for a page that reads every live opportunity and sorts them, and for totals that read every
 * live row (`totalsReadEveryLiveRow`), the table is then read in order instead of one random page after another.
 * `tenant_uuid >= ''` is the index's own condition; only these statements write it, so no other takes the index.
 */
export function liveOpportunitiesInRowOrder(db: Kysely<Database>, tenantUuid: string, conditions: readonly Expression<SqlBool>[]) {
  const table = sql<OpportunitiesTable>`opportunities`.as<"o">(sql`o indexed by opportunities_live_rows`);
  return db
    .selectFrom(table)
    .where("o.tenant_uuid", "=", tenantUuid)
    .where("o.deleted_at", "is", null)
    .where(sql<SqlBool>`o.tenant_uuid >= ''`)
    .where(and(conditions));
}

/** Associated person and company names of opportunities, for fuzzy matching. */
export async function associatedNames(
  db: Kysely<Database>,
  tenantUuid: string,
  opportunityUuids: readonly string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  const add = (uuid: string, name: string) => names.set(uuid, [...(names.get(uuid) ?? []), name]);
  for (let start = 0; start < opportunityUuids.length; start += 500) {
    const chunk = opportunityUuids.slice(start, start + 500);
    const persons = await db
      .selectFrom("associations as a")
      .innerJoin("persons as p", "p.uuid", "a.entity_uuid")
      .select(["a.owner_uuid", "p.name"])
      .where("a.tenant_uuid", "=", tenantUuid)
      .where("a.owner_type", "=", "OPPORTUNITY")
      .where("a.entity_type", "=", "PERSON")
      .where("a.owner_uuid", "in", chunk)
      .where("p.deleted_at", "is", null)
      .execute();
    for (const row of persons) add(row.owner_uuid, row.name);
    const companies = await db
      .selectFrom("associations as a")
      .innerJoin("companies as c", "c.uuid", "a.entity_uuid")
      .select(["a.owner_uuid", "c.company_name"])
      .where("a.tenant_uuid", "=", tenantUuid)
      .where("a.owner_type", "=", "OPPORTUNITY")
      .where("a.entity_type", "=", "COMPANY")
      .where("a.owner_uuid", "in", chunk)
      .where("c.deleted_at", "is", null)
      .execute();
    for (const row of companies) add(row.owner_uuid, row.company_name);
  }
  return names;
}
