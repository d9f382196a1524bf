/** Opportunities: writes with their business rules, reads, and the filtered, sorted list. */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database, OpportunitiesTable } from "../database-schema.js";
import type { NewLink, Opportunity, OpportunityStage, OpportunityType } from "../deal-records.js";
import type { OpportunityListRequest, OpportunityRepository, OpportunitySortField, Viewer } from "../deal-store.js";
import { InvalidInputError } from "../errors.js";
import { keysetPage, type Page, type SortKey } from "../pagination/keyset-page.js";
import { nullsLastKeysetPage } from "../pagination/nulls-last-keyset-page.js";
import { scanInstant, withScanInstant } from "../pagination/scan-instant.js";
import { assertStageOrderKept, readStageOrderScan, stageOrderMark, withStageOrderScan, type StageOrderScan } from "../pagination/stage-order-scan.js";
import { checkPinnedLinks, deleteLinksOf, insertLinks } from "./association-repository.js";
import { closestScoredNames, type ScoredName } from "./closest-names.js";
import { closestFirstKey, closestFirstPage, readFuzzyCursor, walkOf, withFuzzyWalk, type FuzzyWalk } from "./fuzzy-walk.js";
import { decimalAmount } from "./decimal-amount.js";
import { foldCase } from "./fold-case.js";
import { applyPendingOpportunityActivity, entityActivitySource, refreshOpportunityActivity } from "./opportunity-activity.js";
import { loadCustomFields, mergeCustomFieldValues } from "./opportunity-custom-field-repository.js";
import { stampOpportunitiesChanged } from "./opportunity-change-stamp.js";
import { hydrateOpportunities } from "./opportunity-hydration.js";
import {
  associatedNames,
  filterConditions,
  filteredOpportunities,
  liveOpportunitiesInRowOrder,
  totalsReadEveryLiveRow,
  NULLABLE_SORTS,
  readsEveryLiveOpportunity,
  rankValue,
  searchCondition,
  searchWords,
  sortValue,
  SUBQUERY_SORTS,
  ACTIVITY_INDEX_CONDITIONS,
  walksActivityIndex,
} from "./opportunity-list-query.js";
import { countLiveOpportunities, matchesAreDense, planSearch } from "./opportunity-search-plan.js";
import { toOpportunityStage, toOpportunityType } from "./opportunity-type-repository.js";
import { activeOwnerUuid } from "./active-owner-uuid.js";
import { mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";
import { missingLinkTarget } from "./missing-link-target.js";
import { refuseAnotherUsersOpportunity } from "./owner-rules.js";
import { existingRecords } from "./record-lookup-repository.js";
import { parseJson, withTransaction, type RepositoryContext } from "./repository-context.js";
import { assertNonBlankFields } from "./required-fields.js";
import { tenantOnly } from "./tenant-filter.js";
import { nullableTextSortKey, textSortKey } from "./text-sort-key.js";
import { sameColumns } from "./unchanged-write.js";

interface ListTotals {
  total: number;
  total_value: number;
  total_weighted_value: number;
}

/** Sorts with an index of the tenant's opportunities in their order (`opportunities_tenant_created_at`, `_updated_at`). */
const INDEXED_SORTS: ReadonlySet<OpportunitySortField> = new Set(["created_at", "updated_at"]);

/**
 * A candidate's text as the fuzzy retry matches it: one line, its compatibility characters in their plain form (NFKC:
 * a full-width "ＡＣＭＥ" is "ACME", as a name filter reads it), folded as Unicode folds case (`foldCase`): Fuse's own
 * lower case makes "İ" an "i" and a combining dot, so "iş" (a word under three letters must match exactly) missed
 * "İş Bankası".
 */
const foldDocument = (text: string) => foldCase(text.replaceAll("\n", " ").normalize("NFKC"));

/** Most recently updated opportunities a fuzzy search looks at, and most matches it keeps. */
const FUZZY_CANDIDATES = 5_000;
const FUZZY_MATCHES = 200;

export const weightedValue = (value: number | null, probability: number | null): number | null =>
  value === null || probability === null ? null : decimalAmount((value * probability) / 100);

async function typeRow(db: Kysely<Database>, tenantUuid: string, typeUuid: string): Promise<OpportunityType> {
  const row = await db
    .selectFrom("opportunity_types")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", typeUuid)
    .executeTakeFirst();
  if (!row) throw new InvalidInputError(`opportunity type ${typeUuid} not found: list types with GET /v1/opportunity-types`);
  return toOpportunityType(row);
}

/** How many of the tenant's types a missing `type_uuid`'s error names. */
const TYPES_NAMED_IN_ERRORS = 5;

/**
 * The error for a top-level opportunity sent without `type_uuid`: the type its stage belongs to when the stage is
 * the tenant's (the spec takes a stage only together with its type, so the caller sends it), else the tenant's
 * visible types to choose from.
 */
async function missingTypeError(db: Kysely<Database>, tenantUuid: string, stageUuid: string): Promise<InvalidInputError> {
  const stage = await db
    .selectFrom("opportunity_stages")
    .innerJoin("opportunity_types", "opportunity_types.uuid", "opportunity_stages.type_uuid")
    .select(["opportunity_stages.stage_type", "opportunity_types.uuid", "opportunity_types.label"])
    .where("opportunity_stages.tenant_uuid", "=", tenantUuid)
    .where("opportunity_stages.uuid", "=", stageUuid)
    .executeTakeFirst();
  if (stage) {
    const level = stage.stage_type === "CHILD" ? " (a CHILD stage: a sub-opportunity takes parent_uuid and its parent's type)" : "";
    return new InvalidInputError(
      `type_uuid is required for a top-level opportunity; stage ${stageUuid} is of the type '${stage.label}': send type_uuid ${stage.uuid} with it${level}`,
    );
  }
  const types = await db
    .selectFrom("opportunity_types")
    .select(["uuid", "label"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("is_hidden", "=", 0)
    .orderBy("created_at")
    .orderBy("label")
    .orderBy("uuid")
    .limit(TYPES_NAMED_IN_ERRORS + 1)
    .execute();
  const named = types.slice(0, TYPES_NAMED_IN_ERRORS).map((type) => `'${type.label}' ${type.uuid}`);
  const choices =
    types.length === 0
      ? "the tenant has no opportunity type yet: create one with POST /v1/opportunity-types"
      : `the tenant's types: ${named.join(", ")}${types.length > TYPES_NAMED_IN_ERRORS ? ", ... (all in GET /v1/opportunity-types)" : ""}`;
  return new InvalidInputError(`type_uuid is required for a top-level opportunity; ${choices}`);
}

/** The stage, checked to belong to the type and to the stage_type of the opportunity's level. */
async function stageFor(
  db: Kysely<Database>,
  tenantUuid: string,
  stageUuid: string,
  type: OpportunityType,
  isChild: boolean,
): Promise<OpportunityStage> {
  const row = await db
    .selectFrom("opportunity_stages")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", stageUuid)
    .executeTakeFirst();
  const stageType = isChild ? "CHILD" : "PARENT";
  if (!row || row.type_uuid !== type.uuid || row.stage_type !== stageType) {
    throw new InvalidInputError(
      `stage ${stageUuid} is not a ${stageType} stage of the type '${type.label}': list them with GET /v1/opportunity-types/${type.uuid}/stages?stage_type=${stageType}`,
    );
  }
  return toOpportunityStage(row);
}

async function checkIntroPerson(db: Kysely<Database>, tenantUuid: string, uuid: string): Promise<void> {
  const found = await existingRecords(db, tenantUuid, "PERSON", [uuid], { user_uuid: null });
  if (!found.has(uuid)) throw new InvalidInputError(`intro person ${uuid} not found${mergedAwayNote((await mergedAwayPersons(db, tenantUuid, [uuid])).get(uuid))}`);
}

async function checkLinkTargets(db: Kysely<Database>, tenantUuid: string, links: readonly NewLink[], viewer: Viewer, self?: string) {
  if (links.some((link) => link.entity_type === "OPPORTUNITY" && link.entity_uuid === self)) {
    throw new InvalidInputError("an opportunity cannot be associated with itself");
  }
  const missing = await missingLinkTarget(db, tenantUuid, links.map((link) => ({ type: link.entity_type, uuid: link.entity_uuid })), viewer);
  if (missing) throw new InvalidInputError(`associations: ${missing}`);
}

export function createOpportunityRepository(context: RepositoryContext): OpportunityRepository {
  const { db, now, generateId } = context;
  const liveRow = (executor: Kysely<Database>, tenantUuid: string, uuid: string) =>
    executor
      .selectFrom("opportunities")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", uuid)
      .where("deleted_at", "is", null)
      .executeTakeFirst();

  async function getHydrated(executor: Kysely<Database>, tenantUuid: string, uuid: string, viewer: Viewer) {
    await applyPendingOpportunityActivity(executor, tenantUuid);
    const row = await liveRow(executor, tenantUuid, uuid);
    if (!row) return null;
    const [opportunity] = await hydrateOpportunities(executor, tenantUuid, [row], viewer, now(), entityActivitySource(context, executor, tenantUuid));
    return opportunity!;
  }

  /** The live rows of `uuids` (at most 500), read by key, in the order of `uuids`. */
  async function liveRowsInOrder(tenantUuid: string, uuids: readonly string[]): Promise<OpportunitiesTable[]> {
    if (uuids.length === 0) return [];
    const rows = await db
      .selectFrom("opportunities")
      .selectAll()
      // By key, the tenant condition unindexed (`tenantOnly`): under scale L's statistics it could walk the tenant.
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", uuids)
      .where("deleted_at", "is", null)
      .execute();
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    return uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
  }

  /** The live ones of `uuids`, their rows read by key in one statement and hydrated together. */
  async function getManyHydrated(tenantUuid: string, uuids: readonly string[], viewer: Viewer): Promise<Map<string, Opportunity>> {
    const found = new Map<string, Opportunity>();
    const distinct = [...new Set(uuids)];
    if (distinct.length === 0) return found;
    await applyPendingOpportunityActivity(db, tenantUuid);
    const rows: OpportunitiesTable[] = [];
    for (let start = 0; start < distinct.length; start += 500) {
      rows.push(
        ...(await db
          .selectFrom("opportunities")
          .selectAll()
          // By key, the tenant condition unindexed (`tenantOnly`): under scale L's statistics it could walk the tenant.
          .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
          .where("uuid", "in", distinct.slice(start, start + 500))
          .where("deleted_at", "is", null)
          .execute()),
      );
    }
    const hydrated = await hydrateOpportunities(db, tenantUuid, rows, viewer, now(), entityActivitySource(context, db, tenantUuid));
    for (const opportunity of hydrated) found.set(opportunity.uuid, opportunity);
    return found;
  }

  /** The count and sums of the filtered opportunities (over the whole set, on every page), in one pass. */
  async function totalsOf(tenantUuid: string, conditions: readonly Expression<SqlBool>[], inRowOrder = false): Promise<ListTotals> {
    const rows = inRowOrder ? liveOpportunitiesInRowOrder(db, tenantUuid, conditions) : filteredOpportunities(db, tenantUuid, conditions);
    const row = await rows
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number | null>`sum(o.value)`.as("total_value"),
        sql<number | null>`sum(o.weighted_value)`.as("total_weighted_value"),
      ])
      .executeTakeFirst();
    return {
      total: Number(row?.total ?? 0),
      total_value: decimalAmount(Number(row?.total_value ?? 0)),
      total_weighted_value: decimalAmount(Number(row?.total_weighted_value ?? 0)),
    };
  }

  /**
   * The text fuzzy matching reads for each candidate, case folded: its name and its linked names. From the search
   * documents when they are up to date, else from the links (two statements a chunk).
   */
  async function fuzzyCandidates(tenantUuid: string, conditions: readonly Expression<SqlBool>[], documentsCurrent: boolean) {
    if (documentsCurrent) return documentCandidates(tenantUuid, conditions);
    const candidates = await filteredOpportunities(db, tenantUuid, conditions)
      .select(["o.uuid", "o.name"])
      .orderBy("o.updated_at", "desc")
      .orderBy("o.uuid", "desc")
      .limit(FUZZY_CANDIDATES)
      .execute();
    const names = await associatedNames(db, tenantUuid, candidates.map((candidate) => candidate.uuid));
    return candidates.map((candidate) => ({ uuid: candidate.uuid, text: foldDocument([candidate.name, ...(names.get(candidate.uuid) ?? [])].join(" ")) }));
  }

  /**
   * The newest candidates' search documents, folded. Outside a transaction the folded documents are remembered until
   * a document is written (migration 0067): only the candidates' uuids are read, and the documents not remembered
   * yet; each retry read every candidate's document again (5,000 lookups by key at benchmark scale M).
   */
  async function documentCandidates(tenantUuid: string, conditions: readonly Expression<SqlBool>[]) {
    const remembered = context.remembered && !db.isTransaction ? context.remembered.foldedOpportunityDocuments.valuesOf(tenantUuid) : null;
    if (remembered === null) {
      // A cross join keeps the opportunities outside, walked newest first and stopped at the limit; an inner
      // join let the planner read every document and sort the tenant's opportunities (190 against 50–67 ms
      // at benchmark scale L).
      const rows = await filteredOpportunities(db, tenantUuid, conditions)
        .crossJoin("opportunity_search_documents as d")
        .whereRef("d.opportunity_uuid", "=", "o.uuid")
        .where("d.tenant_uuid", "=", tenantUuid)
        .select(["o.uuid", "d.document"])
        .orderBy("o.updated_at", "desc")
        .orderBy("o.uuid", "desc")
        .limit(FUZZY_CANDIDATES)
        .execute();
      return rows.map((row) => ({ uuid: row.uuid, text: foldDocument(row.document) }));
    }
    // `o.uuid >= ''` lets the planner take `opportunities_live_by_update` (migration 0067), which only this statement may.
    const candidates = await filteredOpportunities(db, tenantUuid, [...conditions, sql<SqlBool>`o.uuid >= ''`])
      .select("o.uuid")
      .orderBy("o.updated_at", "desc")
      .orderBy("o.uuid", "desc")
      .limit(FUZZY_CANDIDATES)
      .execute();
    const missing = candidates.map((candidate) => candidate.uuid).filter((uuid) => !remembered.has(uuid));
    for (let start = 0; start < missing.length; start += 500) {
      const documents = await db
        .selectFrom("opportunity_search_documents")
        .select(["opportunity_uuid", "document"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("opportunity_uuid", "in", missing.slice(start, start + 500))
        .execute();
      for (const row of documents) remembered.set(row.opportunity_uuid, foldDocument(row.document));
    }
    // An opportunity without a document is no candidate, as with the join above.
    return candidates.flatMap(({ uuid }) => {
      const text = remembered.get(uuid);
      return text === undefined ? [] : [{ uuid, text }];
    });
  }

  /**
   * Fuzzy matches of `search` among the filtered opportunities with their scores, closest first: at most
   * `FUZZY_MATCHES`, or (a cursor walk's later page) every one up to the end its first page found.
   */
  async function fuzzyRanking(
    tenantUuid: string,
    conditions: readonly Expression<SqlBool>[],
    search: string,
    documentsCurrent: boolean,
    upTo: ScoredName | undefined,
  ): Promise<ScoredName[]> {
    const folded = await fuzzyCandidates(tenantUuid, conditions, documentsCurrent);
    // Fuse scores a document as it scores a name: the persons' retry's ranking, bounded, over the documents.
    return closestScoredNames(
      folded.map((candidate) => ({ uuid: candidate.uuid, name: candidate.text })),
      searchWords(search).map(foldDocument),
      { limit: upTo === undefined ? FUZZY_MATCHES : Infinity, upTo },
    );
  }

  /** The tenant's live opportunities, remembered until its `deal_links` generation moves (not in a transaction). */
  async function liveOpportunities(tenantUuid: string): Promise<number> {
    const remembered = context.remembered && !db.isTransaction ? context.remembered.liveOpportunities.valuesOf(tenantUuid) : null;
    const known = remembered?.get(tenantUuid);
    if (known !== undefined) return known;
    const live = await countLiveOpportunities(db, tenantUuid);
    remembered?.set(tenantUuid, live);
    return live;
  }

  async function list(tenantUuid: string, asked: OpportunityListRequest) {
    const { filters, order, viewer } = asked;
    // The stored activity dates are filtered, sorted and shown: ingest's pending times go in first.
    await applyPendingOpportunityActivity(db, tenantUuid);
    const conditions = filterConditions(tenantUuid, filters);
    let ranked: ScoredName[] | null = null;
    let walk: FuzzyWalk | null = null;
    let totals: ListTotals | undefined;
    const sortBy = asked.sort_by ?? "created_at";
    // A cursor keeps to its scan: an exact one to the exact matches (none left: the scan ends), a fuzzy walk's to its retry.
    // A cursor key leads its sort values with its scan's instant (days_in_stage), or its instant and pipeline order (stage).
    const sortKeyCount = sortBy === "days_in_stage" ? 3 : sortBy === "stage" ? 4 : 2;
    const cursor = filters.search?.trim() ? readFuzzyCursor(asked, sortKeyCount, "opportunities.list") : ({ kind: "none" } as const);
    const positioned = cursor.kind === "fuzzy" ? cursor.request : asked;
    if (filters.search?.trim()) {
      // The totals of the exact matches also tell whether there are any. While notes wait, a search condition
      // costs a pass over every name for each statement that holds it (0.5 to 1.4 s a statement at benchmark
      // scale L for words found through most linked records).
      const plan = await planSearch(db, tenantUuid, filters.search);
      const exact = searchCondition(tenantUuid, filters.search, plan);
      const exactTotals = cursor.kind === "fuzzy" ? null : await totalsOf(tenantUuid, [...conditions, exact]);
      if (exactTotals !== null && (exactTotals.total > 0 || cursor.kind === "exact")) {
        const walks =
          plan.reads === "documents" &&
          plan.drivingWord === undefined &&
          INDEXED_SORTS.has(asked.sort_by ?? "created_at") &&
          matchesAreDense(exactTotals.total, await liveOpportunities(tenantUuid));
        conditions.push(walks ? searchCondition(tenantUuid, filters.search, { ...plan, walksSortIndex: true }) : exact);
        totals = exactTotals;
      } else {
        ranked = await fuzzyRanking(tenantUuid, conditions, filters.search, plan.reads === "documents", cursor.kind === "fuzzy" ? cursor.walk.end : undefined);
        walk = cursor.kind === "fuzzy" ? cursor.walk : walkOf(1, ranked);
        conditions.push(ranked.length > 0 ? sql<SqlBool>`o.uuid in (${sql.join(ranked.map((match) => match.uuid))})` : sql<SqlBool>`1 = 0`);
      }
    }
    const fuzzyFirst = ranked !== null && asked.sort_by === undefined;
    // Closest first, a page reads the matches after the cursor's (its last row's score and uuid), ranked among themselves.
    const closest = fuzzyFirst ? closestFirstPage(ranked!, positioned) : null;
    const pageConditions = closest ? [...conditions, sql<SqlBool>`o.uuid in (${sql.join(closest.matches.length > 0 ? closest.matches.map((match) => match.uuid) : [""])})`] : conditions;
    // Days in stage grow with the clock alone: a scan orders them at its first page's instant, which its cursors carry.
    const byClock = !fuzzyFirst && sortBy === "days_in_stage";
    // The pipeline's order is another record's: a scan by stage keeps to the order of its first page, or is refused.
    const byStage = !fuzzyFirst && sortBy === "stage";
    const stageScan = byStage ? readStageOrderScan(positioned, 2) : null;
    const { instant, request } = byClock
      ? scanInstant(positioned, 2, now, "opportunities by days_in_stage")
      : stageScan
        ? { instant: stageScan.scan?.instant ?? now(), request: stageScan.request }
        : { instant: now(), request: closest ? { ...positioned, position: closest.position } : positioned };
    // A first page marks the order before its read: a reorder after the mark refuses the next page.
    const scanOrder: StageOrderScan | null = stageScan ? (stageScan.scan ?? { instant, mark: await stageOrderMark(db, tenantUuid, instant) }) : null;
    const value = fuzzyFirst ? rankValue(closest!.matches.map((match) => match.uuid)) : sortValue(sortBy, instant);
    const direction = fuzzyFirst ? "asc" : order;
    const keys: [SortKey, SortKey] = [
      { column: "opportunity_list.sort_value", direction, nullable: !fuzzyFirst && NULLABLE_SORTS.has(sortBy) },
      { column: "opportunity_list.uuid", direction },
    ];
    let page: Omit<Page<never>, "rows">;
    let pageRows: OpportunitiesTable[];
    if (!fuzzyFirst && walksActivityIndex(sortBy, filters)) {
      // Those with a date, then those without one: each a range of `opportunities_live_by_activity` (migration 0072).
      const segment = (withValue: boolean) =>
        db
          .selectFrom(
            filteredOpportunities(db, tenantUuid, [...pageConditions, ...ACTIVITY_INDEX_CONDITIONS[withValue ? "dated" : "undated"]])
              .selectAll("o")
              .select(value.as("sort_value"))
              .as("opportunity_list"),
          )
          .selectAll();
      const segmented = await nullsLastKeysetPage(segment, keys, request);
      page = segmented;
      pageRows = segmented.rows.map(({ sort_value: _sortValue, ...row }) => row as OpportunitiesTable);
    } else {
      // A sort no index orders reads every opportunity the filters leave: in rowid order when that is all of them.
      const inRowOrder = !INDEXED_SORTS.has(sortBy) && readsEveryLiveOpportunity(filters);
      const rows = inRowOrder ? liveOpportunitiesInRowOrder(db, tenantUuid, pageConditions) : filteredOpportunities(db, tenantUuid, pageConditions);
      // An indexed order whose filters go through an index and leave few opportunities (sub-opportunities, a contact's
      // or a company's) reads those and sorts them: a walk of the order's index tested every opportunity of the
      // tenant for a page that stays short (at benchmark scale M 5.5 ms of SQL for no sub-opportunity, 0.1 ms so).
      let sparse = false;
      if (!fuzzyFirst && INDEXED_SORTS.has(sortBy) && !filters.search?.trim() && !readsEveryLiveOpportunity(filters)) {
        totals = await totalsOf(tenantUuid, conditions, totalsReadEveryLiveRow(filters));
        sparse = !matchesAreDense(totals.total, await liveOpportunities(tenantUuid));
      }
      const sorted = fuzzyFirst || sparse || !INDEXED_SORTS.has(sortBy);
      // Sorted, each row's keys alone, the page's rows then read by key: SQLite's sorter held every whole row before
      // (a page by source date at benchmark scale M took 17 ms of SQL for 10,000 opportunities, 4.6 ms by keys).
      const selected = sorted ? rows.select(["o.uuid", value.as("sort_value")]) : rows.selectAll("o").select(value.as("sort_value"));
      // A limit (none: -1) keeps SQLite from flattening the subquery, so each row's value is computed once (and the
      // sparse rows are read through their filters' indexes, the order's index out of reach).
      const inner = sparse || (!fuzzyFirst && SUBQUERY_SORTS.has(sortBy)) ? selected.limit(-1) : selected;
      const listed = await keysetPage(db.selectFrom(inner.as("opportunity_list")).selectAll(), keys, request, { countTotal: false });
      page = closest ? { ...listed, lastKey: closestFirstKey(listed.rows, new Map(ranked!.map((match) => [match.uuid, match.score]))) } : listed;
      pageRows = sorted
        ? await liveRowsInOrder(tenantUuid, listed.rows.map((row) => row.uuid))
        : listed.rows.map(({ sort_value: _sortValue, ...row }) => row as OpportunitiesTable);
    }
    if (stageScan?.scan) await assertStageOrderKept(db, tenantUuid, stageScan.scan);
    totals ??= await totalsOf(tenantUuid, conditions, totalsReadEveryLiveRow(filters));
    const scanPage = byClock ? withScanInstant(page, instant) : scanOrder ? withStageOrderScan(page, scanOrder) : page;
    return {
      ...(ranked !== null ? withFuzzyWalk(scanPage, walk) : scanPage),
      total: asked.position.kind === "offset" ? totals.total : null,
      rows: await hydrateOpportunities(db, tenantUuid, pageRows, viewer, now(), entityActivitySource(context, db, tenantUuid)),
      total_value: totals.total_value,
      total_weighted_value: totals.total_weighted_value,
      ...(filters.search?.trim() && { searchMatch: ranked !== null ? ("fuzzy" as const) : ("exact" as const) }),
    };
  }

  return {
    async create(input, viewer) {
      assertNonBlankFields(input, ["name"], "opportunities.create");
      const tenantUuid = input.tenant_uuid;
      return withTransaction(db, async (transaction) => {
        let parent: OpportunitiesTable | undefined;
        if (input.parent_uuid) {
          parent = await liveRow(transaction, tenantUuid, input.parent_uuid);
          if (!parent) throw new InvalidInputError(`parent opportunity ${input.parent_uuid} not found`);
          if (parent.parent_uuid) throw new InvalidInputError("a sub-opportunity cannot have sub-opportunities of its own");
          if (input.type_uuid && input.type_uuid !== parent.type_uuid) {
            throw new InvalidInputError("a sub-opportunity has its parent's type: omit type_uuid or send the parent's");
          }
        }
        const typeUuid = parent?.type_uuid ?? input.type_uuid;
        if (!typeUuid) throw await missingTypeError(transaction, tenantUuid, input.stage_uuid);
        const type = await typeRow(transaction, tenantUuid, typeUuid);
        if (parent && !type.subopportunities_enabled) {
          throw new InvalidInputError(`the opportunity type '${type.label}' does not enable sub-opportunities`);
        }
        const stage = await stageFor(transaction, tenantUuid, input.stage_uuid, type, Boolean(parent));
        const owner = input.owner_user_uuid ? await activeOwnerUuid(transaction, tenantUuid, input.owner_user_uuid) : null;
        if (input.intro_person_uuid) await checkIntroPerson(transaction, tenantUuid, input.intro_person_uuid);
        const links = input.associations ?? [];
        await checkLinkTargets(transaction, tenantUuid, links, viewer);
        const fields = await loadCustomFields(transaction, tenantUuid);
        const customFields = mergeCustomFieldValues(fields, {}, input.custom_fields ?? {});

        const timestamp = now(tenantUuid);
        const value = input.value ?? null;
        const probability = input.probability === undefined ? stage.percentage : input.probability;
        const row: OpportunitiesTable = {
          uuid: generateId(),
          tenant_uuid: tenantUuid,
          type_uuid: type.uuid,
          stage_uuid: stage.uuid,
          parent_uuid: parent?.uuid ?? null,
          name: input.name,
          details: input.details ?? null,
          next_step: input.next_step ?? null,
          name_sort_key: textSortKey(input.name),
          details_sort_key: nullableTextSortKey(input.details ?? null),
          next_step_sort_key: nullableTextSortKey(input.next_step ?? null),
          value,
          probability,
          weighted_value: weightedValue(value, probability),
          owner_user_uuid: owner,
          intro_person_uuid: input.intro_person_uuid ?? null,
          source_date: input.source_date ?? null,
          intro_date: input.intro_date ?? null,
          close_date: input.close_date ?? null,
          stage_entered_at: timestamp,
          last_activity_at: null,
          company_last_activity_at: null,
          person_last_activity_at: null,
          custom_fields: JSON.stringify(customFields),
          created_by_user_uuid: input.actor_user_uuid ?? null,
          updated_by_user_uuid: input.actor_user_uuid ?? null,
          created_at: timestamp,
          updated_at: timestamp,
          deleted_at: null,
        };
        await transaction.insertInto("opportunities").values(row).execute();
        // The parent's children_metadata counts and sums its sub-opportunities: an `updated_after` poller gets it again.
        if (parent) await stampOpportunitiesChanged(transaction, tenantUuid, [parent.uuid], timestamp);
        await insertLinks(
          { ...context, db: transaction },
          tenantUuid,
          { type: "OPPORTUNITY", uuid: row.uuid },
          links.map((link) => ({ type: link.entity_type, uuid: link.entity_uuid, context: link.context })),
        );
        await checkPinnedLinks(transaction, tenantUuid, row.uuid, type.uuid);
        // This transaction writes no interaction or affiliation: the graph, when hydrated, knows the links' activity.
        await refreshOpportunityActivity(transaction, tenantUuid, [row.uuid], { source: entityActivitySource(context, transaction, tenantUuid), now: timestamp });
        return (await getHydrated(transaction, tenantUuid, row.uuid, viewer))!;
      });
    },

    get: (tenantUuid, uuid, viewer) => getHydrated(db, tenantUuid, uuid, viewer),
    getMany: getManyHydrated,

    async update(tenantUuid, uuid, changes, actor, viewer, options = {}) {
      assertNonBlankFields(changes, ["name"], "opportunities.update");
      return withTransaction(db, async (transaction) => {
        const row = await liveRow(transaction, tenantUuid, uuid);
        if (!row) return null;
        if (options.asMember !== undefined) refuseAnotherUsersOpportunity(options.asMember, row);
        if (options.precondition) options.precondition((await getHydrated(transaction, tenantUuid, uuid, viewer))!);
        const isChild = row.parent_uuid !== null;
        const typeChanged = changes.type_uuid !== undefined && changes.type_uuid !== row.type_uuid;
        if (typeChanged) {
          if (isChild) throw new InvalidInputError("a sub-opportunity has its parent's type; change the parent's type instead");
          const child = await transaction
            .selectFrom("opportunities")
            .select("uuid")
            .where("tenant_uuid", "=", tenantUuid)
            .where("parent_uuid", "=", uuid)
            .where("deleted_at", "is", null)
            .executeTakeFirst();
          if (child) throw new InvalidInputError("the type of an opportunity with sub-opportunities cannot change");
          if (changes.stage_uuid === undefined) {
            throw new InvalidInputError("changing type_uuid needs a stage_uuid of the new type too");
          }
        }
        const type = await typeRow(transaction, tenantUuid, changes.type_uuid ?? row.type_uuid);
        const stageChanged = changes.stage_uuid !== undefined && changes.stage_uuid !== row.stage_uuid;
        if (stageChanged || typeChanged) await stageFor(transaction, tenantUuid, changes.stage_uuid!, type, isChild);
        // The owner as read is kept though since deactivated: a client writing back what it read is not refused it.
        const owner =
          changes.owner_user_uuid === undefined || changes.owner_user_uuid === row.owner_user_uuid
            ? row.owner_user_uuid
            : changes.owner_user_uuid === null
              ? null
              : await activeOwnerUuid(transaction, tenantUuid, changes.owner_user_uuid);
        if (changes.intro_person_uuid) await checkIntroPerson(transaction, tenantUuid, changes.intro_person_uuid);
        let customFields = row.custom_fields;
        if (changes.custom_fields) {
          const fields = await loadCustomFields(transaction, tenantUuid);
          const stored = parseJson<Record<string, unknown>>(row.custom_fields, {});
          customFields = JSON.stringify(mergeCustomFieldValues(fields, stored, changes.custom_fields));
        }
        const pick = <Key extends keyof OpportunitiesTable>(key: Key, change: OpportunitiesTable[Key] | undefined) =>
          change === undefined ? row[key] : change;
        const timestamp = now(tenantUuid);
        const value = pick("value", changes.value);
        const probability = pick("probability", changes.probability);
        const [name, details, nextStep] = [changes.name ?? row.name, pick("details", changes.details), pick("next_step", changes.next_step)];
        const updated: OpportunitiesTable = {
          ...row,
          name,
          type_uuid: type.uuid,
          stage_uuid: changes.stage_uuid ?? row.stage_uuid,
          details,
          next_step: nextStep,
          // Each text's key, from the text (migration 0080): a write also mends a key written by hand.
          name_sort_key: textSortKey(name),
          details_sort_key: nullableTextSortKey(details),
          next_step_sort_key: nullableTextSortKey(nextStep),
          value,
          probability,
          weighted_value: weightedValue(value === null ? null : Number(value), probability === null ? null : Number(probability)),
          owner_user_uuid: owner,
          intro_person_uuid: pick("intro_person_uuid", changes.intro_person_uuid),
          source_date: pick("source_date", changes.source_date),
          intro_date: pick("intro_date", changes.intro_date),
          close_date: pick("close_date", changes.close_date),
          stage_entered_at: stageChanged ? timestamp : row.stage_entered_at,
          custom_fields: customFields,
          updated_by_user_uuid: actor.user_uuid,
          updated_at: timestamp,
        };
        // A write that changes nothing moves no `updated_at` and names no new updater (unchanged-write.ts).
        // The keys follow the texts: a key alone apart (a row written by hand) is no change a client sees, so it is
        // mended alone, and any write of the row mends it, one sending the texts it has too.
        const keys = ["name_sort_key", "details_sort_key", "next_step_sort_key"] as const;
        if (sameColumns(row, updated, ["updated_at", "updated_by_user_uuid", ...keys])) {
          if (!sameColumns(row, updated, ["updated_at", "updated_by_user_uuid"])) {
            const mended = { name_sort_key: updated.name_sort_key, details_sort_key: updated.details_sort_key, next_step_sort_key: updated.next_step_sort_key };
            await transaction.updateTable("opportunities").set(mended).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", uuid).execute();
          }
          return getHydrated(transaction, tenantUuid, uuid, viewer);
        }
        await transaction
          .updateTable("opportunities")
          .set(updated)
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", uuid)
          .execute();
        if (typeChanged) await checkPinnedLinks(transaction, tenantUuid, uuid, type.uuid);
        const summed = updated.value !== row.value || updated.probability !== row.probability;
        if (row.parent_uuid !== null && summed) await stampOpportunitiesChanged(transaction, tenantUuid, [row.parent_uuid], timestamp);
        return getHydrated(transaction, tenantUuid, uuid, viewer);
      });
    },

    async delete(tenantUuid, uuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        const row = await liveRow(transaction, tenantUuid, uuid);
        if (!row) return false;
        const children = await transaction
          .selectFrom("opportunities")
          .select(["uuid", "name", "owner_user_uuid", "created_by_user_uuid"])
          .where("tenant_uuid", "=", tenantUuid)
          .where("parent_uuid", "=", uuid)
          .where("deleted_at", "is", null)
          .execute();
        if (options.asMember !== undefined) refuseAnotherUsersOpportunity(options.asMember, row, children);
        if (options.precondition) options.precondition((await getHydrated(transaction, tenantUuid, uuid, options.viewer ?? { user_uuid: null }))!);
        const removed = [uuid, ...children.map((child) => child.uuid)];
        await transaction
          .updateTable("opportunities")
          .set({ deleted_at: now(tenantUuid) })
          // By key, the tenant condition unindexed: under statistics like scale L's, hundreds of children walked
          // every opportunity of the tenant.
          .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
          .where("uuid", "in", removed)
          .execute();
        await deleteLinksOf(transaction, tenantUuid, "OPPORTUNITY", removed, now(tenantUuid));
        if (row.parent_uuid !== null) await stampOpportunitiesChanged(transaction, tenantUuid, [row.parent_uuid], now(tenantUuid));
        return true;
      });
    },

    list,

    refreshActivity: (tenantUuid, opportunityUuids) => refreshOpportunityActivity(db, tenantUuid, opportunityUuids, { now: now() }),
  };
}
