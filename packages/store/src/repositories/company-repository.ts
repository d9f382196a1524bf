/** Companies: create, partial update, the company list with every filter of the spec, and the names closest to a `name` it lacks. */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { CompaniesTable, Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import { normalizeDomain, sqliteLower } from "../normalize.js";
import { keysetPage, type SortKey } from "../pagination/keyset-page.js";
import { COMPANY_TEXT_FIELDS, EMPLOYEE_COUNT_BANDS, employeeCountRange, type Company, type CompanyPatch, type NewCompany } from "../records.js";
import type { CompanyListFilters, CompanyRepository, NumberRange } from "../store.js";
import { assertAllowedValue } from "./allowed-value.js";
import { withoutLegalForm } from "./company-legal-form.js";
import { companyNameKey } from "./company-name-key.js";
import { companyDuplicateNameKey } from "./company-duplicate-name-key.js";
import { mendKeys } from "./mend-keys.js";
import { FoldedPersonNames } from "./folded-person-names.js";
import { textContainsInAnyCase } from "./name-search.js";
import { nameSortKey } from "./name-sort-key.js";
import { nameOrderKeys } from "./name-order-keys.js";
import { fuzzyNameRanking } from "./person-fuzzy-names.js";
import { readRemembered } from "./remembered-records.js";
import { placeConditions } from "./place-conditions.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";
import { parseJson, withTransaction, type RepositoryContext } from "./repository-context.js";
import { tagKey } from "./tag-key.js";
import { tenantOnly } from "./tenant-filter.js";
import { sameColumns, undoneIfUnchanged } from "./unchanged-write.js";

/** The kinds of multi-valued company fields kept in `company_tags` for filtering. */
const TAG_FIELDS = {
  industry: "service_industry_tags",
  investor_type: "investor_types",
  npi_type: "npi_types",
} as const;
type TagKind = keyof typeof TAG_FIELDS;

export function toCompany(row: CompaniesTable): Company {
  const company = {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    company_name: row.company_name,
    domain: row.domain,
    company_custom_fields: parseJson<Record<string, unknown>>(row.company_custom_fields, {}),
    service_industry_tags: parseJson<string[]>(row.service_industry_tags, []),
    investor_types: parseJson<string[]>(row.investor_types, []),
    last_investment_type: row.last_investment_type,
    last_investment_date: row.last_investment_date,
    npi_types: parseJson<string[]>(row.npi_types, []),
    npi_date: row.npi_date,
    score: row.score === null ? null : Number(row.score),
    overall_operating_score: row.overall_operating_score === null ? null : Number(row.overall_operating_score),
    overall_investor_score: row.overall_investor_score === null ? null : Number(row.overall_investor_score),
    created_at: Number(row.created_at),
    service_updated_at: Number(row.service_updated_at),
  } as Company;
  for (const field of COMPANY_TEXT_FIELDS) company[field] = row[field];
  return company;
}


/** The `company_tags` values of a company's tags, or those a filter's tags find: each tag's `tagKey`, once (migration 0085). */
const tagValues = (tags: readonly string[]) => [...new Set(tags.map(tagKey).filter(Boolean))];


const storedDomain = (domain: string | null | undefined): string | null =>
  domain ? (normalizeDomain(domain) ?? domain.trim().toLowerCase()) : null;

/** A given `employee_count` is one of EMPLOYEE_COUNT_BANDS, what the list's head-count filters read; null clears it. */
function assertEmployeeCountBand(input: CompanyPatch, operation: string): void {
  if (input?.employee_count === undefined || input.employee_count === null) return;
  assertAllowedValue(EMPLOYEE_COUNT_BANDS, input.employee_count, "employee_count", operation);
}

/** The row columns a (partial) company input sets, derived filter columns included. */
export function companyColumnsOf(input: CompanyPatch): Partial<CompaniesTable> {
  const columns: Partial<CompaniesTable> = {};
  for (const field of COMPANY_TEXT_FIELDS) {
    if (input[field] !== undefined) columns[field] = input[field];
  }
  if (input.company_name !== undefined) {
    columns.company_name = input.company_name;
    columns.name_match_key = companyNameKey(input.company_name);
    columns.company_name_sort_key = nameSortKey(input.company_name);
    columns.name_duplicate_key = companyDuplicateNameKey(input.company_name);
  }
  if (input.domain !== undefined) columns.domain = storedDomain(input.domain);
  if (input.company_custom_fields !== undefined) columns.company_custom_fields = JSON.stringify(input.company_custom_fields);
  if (input.service_industry_tags !== undefined) columns.service_industry_tags = JSON.stringify(input.service_industry_tags);
  if (input.investor_types !== undefined) columns.investor_types = JSON.stringify(input.investor_types);
  if (input.npi_types !== undefined) columns.npi_types = JSON.stringify(input.npi_types);
  for (const field of ["last_investment_type", "last_investment_date", "npi_date", "score", "overall_operating_score", "overall_investor_score"] as const) {
    if (input[field] !== undefined) (columns as Record<string, unknown>)[field] = input[field];
  }
  if (input.year_founded !== undefined) {
    const year = /^\s*(\d{4})/.exec(input.year_founded ?? "")?.[1];
    columns.founded_year = year ? Number(year) : null;
  }
  if (input.employee_count !== undefined) {
    const range = input.employee_count ? employeeCountRange(input.employee_count) : null;
    columns.employee_count_min = range?.min ?? null;
    columns.employee_count_max = range?.max ?? null;
  }
  // A website tells the domain when none was given.
  if (columns.domain === undefined && input.website && !input.domain) {
    const fromWebsite = normalizeDomain(input.website);
    if (fromWebsite) columns.domain = fromWebsite;
  }
  return columns;
}

async function writeTags(db: Kysely<Database>, tenantUuid: string, companyUuid: string, kind: TagKind, tags: readonly string[]) {
  await db.deleteFrom("company_tags").where("company_uuid", "=", companyUuid).where("kind", "=", kind).execute();
  const values = tagValues(tags);
  if (values.length > 0) {
    await db
      .insertInto("company_tags")
      .values(values.map((value) => ({ tenant_uuid: tenantUuid, company_uuid: companyUuid, kind, value })))
      .execute();
  }
}

/** Rewrites the company's `company_tags` rows (what the tag filters read) of each multi-valued field `input` gives. */
export async function syncCompanyTags(db: Kysely<Database>, tenantUuid: string, companyUuid: string, input: CompanyPatch) {
  for (const [kind, field] of Object.entries(TAG_FIELDS) as Array<[TagKind, (typeof TAG_FIELDS)[TagKind]]>) {
    const tags = input[field];
    if (tags !== undefined) await writeTags(db, tenantUuid, companyUuid, kind, tags);
  }
}

/**
 * Writes the former domains a client gave (`former_domains`), replacing the company's list, in the order given (the
 * first the most recently left); one that is the company's current domain is an InvalidInputError.
 */
async function writeFormerDomains(db: Kysely<Database>, row: CompaniesTable, given: readonly string[], timestamp: number, operation: string) {
  const current = storedDomain(row.domain);
  const domains = [...new Set(given.map(storedDomain).filter((domain): domain is string => domain !== null))];
  if (current && domains.includes(current)) {
    throw new InvalidInputError(`${operation}: "former_domains" holds '${current}', the company's current domain`);
  }
  await db.deleteFrom("company_former_domains").where("company_uuid", "=", row.uuid).execute();
  if (domains.length === 0) return;
  await db
    .insertInto("company_former_domains")
    .values(domains.map((domain, index) => ({ tenant_uuid: row.tenant_uuid, company_uuid: row.uuid, domain, left_at: timestamp - index })))
    .execute();
}

/** The company's former domains, the one left last first (as `formerDomains` lists them). */
async function formerDomainsOf(db: Kysely<Database>, companyUuid: string): Promise<string[]> {
  const rows = await db.selectFrom("company_former_domains").select("domain").where("company_uuid", "=", companyUuid).orderBy("left_at", "desc").orderBy("domain").execute();
  return rows.map((row) => row.domain);
}

/**
 * The most former domains a company keeps: a domain change beyond them forgets the one left longest ago, so that a
 * company read and written back (`former_domains` as read) never holds more than a write may send.
 */
export const FORMER_DOMAINS_KEPT = 50;

/**
 * Keeps a company's earlier domains as match keys: the domain it had (`previous`) joins its former domains when the
 * update changed it, and its current domain leaves them (a domain set back is current again, not former); the
 * newest FORMER_DOMAINS_KEPT stay.
 */
async function rememberFormerDomain(db: Kysely<Database>, row: CompaniesTable, previous: string | null, timestamp: number) {
  const current = storedDomain(row.domain);
  if (previous === current) return;
  if (current) {
    await db.deleteFrom("company_former_domains").where("company_uuid", "=", row.uuid).where("domain", "=", current).execute();
  }
  if (previous) {
    await db
      .insertInto("company_former_domains")
      .values({ tenant_uuid: row.tenant_uuid, company_uuid: row.uuid, domain: previous, left_at: timestamp })
      .onConflict((conflict) => conflict.columns(["company_uuid", "domain"]).doUpdateSet({ left_at: timestamp }))
      .execute();
    const kept = db.selectFrom("company_former_domains").select("domain").where("company_uuid", "=", row.uuid).orderBy("left_at", "desc").orderBy("domain").limit(FORMER_DOMAINS_KEPT);
    await db.deleteFrom("company_former_domains").where("company_uuid", "=", row.uuid).where("domain", "not in", kept).execute();
  }
}

type CompanyWhere = ExpressionBuilder<Database, "companies">;

/** Tags an `industry_tags` filter with operator AND may require: each is a condition of its own (SQLite nests at most 1,000). */
const MAXIMUM_ALL_OF_TAGS = 100;

/** An `in` of the query builder's, not raw SQL, so that a list of any length is bound as one (long-in-lists.ts). */
const lowerIn = (where: CompanyWhere, column: string, values: readonly string[]) =>
  where(sql<string>`lower(trim(${sql.ref(column)}))`, "in", values.map((value) => sqliteLower(value.trim())));

// The specification's text filters: a case-insensitive substring, in any letter's case ("zürich" finds "ZÜRICH").
const contains = (column: string, text: string) => textContainsInAnyCase(sql.ref(column), text);

function hasTag(where: CompanyWhere, tenantUuid: string, kind: TagKind, values: readonly string[]) {
  return where.exists(
    where
      .selectFrom("company_tags")
      .select(sql`1`.as("one"))
      .where("company_tags.tenant_uuid", "=", tenantUuid)
      .whereRef("company_tags.company_uuid", "=", "companies.uuid")
      .where("company_tags.kind", "=", kind)
      .where("company_tags.value", "in", [...values]),
  );
}

function inRange(column: string, range: NumberRange): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (range.from !== undefined) conditions.push(sql<SqlBool>`${sql.ref(column)} >= ${range.from}`);
  if (range.to !== undefined) conditions.push(sql<SqlBool>`${sql.ref(column)} <= ${range.to}`);
  return conditions;
}

/** Every filter as one AND of conditions. */
function filterConditions(where: CompanyWhere, tenantUuid: string, filters: CompanyListFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.uuids) conditions.push(filters.uuids.length > 0 ? where("uuid", "in", filters.uuids) : sql<SqlBool>`1 = 0`);
  if (filters.modified_since !== undefined) conditions.push(where("service_updated_at", ">=", filters.modified_since));
  const substrings = [
    ["company_name", filters.name],
    // Domains are stored with their Unicode labels (migration 0083): one typed with `xn--` labels is sought so written.
    ["domain", filters.domain && /xn--/i.test(filters.domain) ? (normalizeDomain(filters.domain) ?? filters.domain) : filters.domain],
    ["linkedin_url", filters.linkedin_url],
    ["facebook_url", filters.facebook_url],
    ["twitter_url", filters.twitter_url],
    ["description", filters.description],
  ] as const;
  for (const [column, text] of substrings) {
    if (text) conditions.push(contains(`companies.${column}`, text));
  }
  const exactLists = [
    ["operating_status", filters.operating_status],
    ["acquisition_status", filters.acquisition_status],
    ["ipo_status", filters.ipo_status],
    ["last_investment_type", filters.last_investment_types],
  ] as const;
  for (const [column, values] of exactLists) {
    if (values) conditions.push(values.length > 0 ? lowerIn(where, `companies.${column}`, values) : sql<SqlBool>`1 = 0`);
  }
  conditions.push(...placeConditions("companies", filters));
  if (filters.industry_tags && filters.industry_tags.values.length > 0) {
    const tags = tagValues(filters.industry_tags.values);
    if (filters.industry_tags.operator === "AND") {
      // One condition per tag: each binds its own parameters, so the list is bounded.
      if (tags.length > MAXIMUM_ALL_OF_TAGS) {
        throw new InvalidInputError(`companies.list: "industry_tags" with operator AND takes at most ${MAXIMUM_ALL_OF_TAGS} values; got ${tags.length}`);
      }
      for (const value of tags) conditions.push(hasTag(where, tenantUuid, "industry", [value]));
    } else {
      conditions.push(hasTag(where, tenantUuid, "industry", tags));
    }
  }
  if (filters.investor_types) conditions.push(hasTag(where, tenantUuid, "investor_type", tagValues(filters.investor_types)));
  if (filters.npi_types) conditions.push(hasTag(where, tenantUuid, "npi_type", tagValues(filters.npi_types)));

  if (filters.founded_year) conditions.push(...inRange("companies.founded_year", filters.founded_year));
  if (filters.score) conditions.push(...inRange("companies.score", filters.score));
  if (filters.overall_operating_score) conditions.push(...inRange("companies.overall_operating_score", filters.overall_operating_score));
  if (filters.overall_investor_score) conditions.push(...inRange("companies.overall_investor_score", filters.overall_investor_score));
  if (filters.employee_count) {
    // A band matches when it overlaps the range: some head count in it lies within [from, to].
    const { from, to } = filters.employee_count;
    conditions.push(sql<SqlBool>`companies.employee_count_min is not null`);
    if (from !== undefined) {
      conditions.push(sql<SqlBool>`(companies.employee_count_max is null or companies.employee_count_max >= ${from})`);
    }
    if (to !== undefined) conditions.push(sql<SqlBool>`companies.employee_count_min <= ${to}`);
  }
  for (const [column, range] of [
    ["last_investment_date", filters.last_investment_date],
    ["npi_date", filters.npi_date],
  ] as const) {
    if (range) {
      conditions.push(sql<SqlBool>`${sql.ref(`companies.${column}`)} >= ${range.from}`);
      conditions.push(sql<SqlBool>`${sql.ref(`companies.${column}`)} <= ${range.to}`);
    }
  }
  return conditions;
}

/** Companies' names as `nameSuggestions` compares them: without their legal forms. */
function foldedCompanyNames(rows: ReadonlyArray<{ uuid: string; company_name: string }>): FoldedPersonNames {
  return new FoldedPersonNames(rows.map((row) => ({ uuid: row.uuid, name: withoutLegalForm(row.company_name) })));
}

export function createCompanyRepository({ db, now, generateId, remembered: rememberedReads }: RepositoryContext): CompanyRepository {
  const liveCompanies = (tenantUuid: string) =>
    db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);
  /** Remembered until the tenant's companies generation moves (migration 0010); not inside a transaction. */
  const remembered = (tenantUuid: string) => (rememberedReads && !db.isTransaction ? rememberedReads.companies.valuesOf(tenantUuid) : null);
  /** A list's total, remembered like the records: every page of a sync would count the companies again. */
  const rememberedListTotals = (tenantUuid: string) =>
    rememberedReads && !db.isTransaction ? rememberedReads.companyListTotals.valuesOf(tenantUuid) : null;
  /** Every live company's name without its legal form, folded for `nameSuggestions`: remembered until a company changes. */
  const everyNameFolded = async (tenantUuid: string): Promise<FoldedPersonNames> => {
    // Taken before the read: a write meanwhile moves the generation, and what this read stores is then never seen.
    const kept = rememberedReads && !db.isTransaction ? rememberedReads.foldedCompanyNames.valuesOf(tenantUuid) : null;
    const names = kept?.get(tenantUuid) ?? foldedCompanyNames(await liveCompanies(tenantUuid).clearSelect().select(["uuid", "company_name"]).execute());
    kept?.set(tenantUuid, names);
    return names;
  };
  const loadCompanies = async (tenantUuid: string, uuids: readonly string[]) => {
    const rows = await db
      .selectFrom("companies")
      .selectAll()
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("deleted_at", "is", null)
      .where("uuid", "in", uuids)
      .execute();
    return new Map(rows.map((row) => [row.uuid, toCompany(row)]));
  };
  /** The tenant's live companies passing every filter. */
  const filteredCompanies = (tenantUuid: string, filters: CompanyListFilters) => {
    // Named companies are sought by key (the tenant condition unindexed): under statistics like scale L's, a list
    // of hundreds of uuids walked every company of the tenant in the sort's index.
    const companies = filters.uuids
      ? db.selectFrom("companies").selectAll().where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("deleted_at", "is", null)
      : liveCompanies(tenantUuid);
    return companies.where((where) => where.and(filterConditions(where, tenantUuid, filters)));
  };

  return {
    async create(input: NewCompany) {
      assertRequiredFields(input, ["tenant_uuid", "company_name"], "companies.create");
      assertNonBlankFields(input, ["company_name"], "companies.create");
      assertEmployeeCountBand(input, "companies.create");
      const uuid = generateId();
      return withTransaction(db, async (transaction) => {
        // Read under the write lock, so stamps follow commit order and `modified_since` pollers miss none.
        const timestamp = now(input.tenant_uuid);
        const row = {
          uuid,
          tenant_uuid: input.tenant_uuid,
          company_name: input.company_name,
          name_match_key: companyNameKey(input.company_name),
          domain: null,
          company_custom_fields: "{}",
          service_industry_tags: "[]",
          investor_types: "[]",
          last_investment_type: null,
          last_investment_date: null,
          npi_types: "[]",
          npi_date: null,
          score: null,
          overall_operating_score: null,
          overall_investor_score: null,
          founded_year: null,
          employee_count_min: null,
          employee_count_max: null,
          created_at: timestamp,
          service_updated_at: timestamp,
          deleted_at: null,
        } as CompaniesTable;
        for (const field of COMPANY_TEXT_FIELDS) row[field] = null;
        Object.assign(row, companyColumnsOf(input));
        await transaction.insertInto("companies").values(row).execute();
        await syncCompanyTags(transaction, input.tenant_uuid, row.uuid, input);
        if (input.former_domains) await writeFormerDomains(transaction, row, input.former_domains, timestamp, "companies.create");
        return toCompany(row);
      });
    },
    async update(tenantUuid, companyUuid, patch, options = {}) {
      assertNonBlankFields(patch, ["company_name"], "companies.update");
      assertEmployeeCountBand(patch, "companies.update");
      return withTransaction(db, async (transaction) => {
        const columns = companyColumnsOf(patch);
        const before = await transaction
          .selectFrom("companies")
          .selectAll()
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", companyUuid)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (!before) return null;
        options.precondition?.(toCompany(before));
        const formerBefore = patch.former_domains ? await formerDomainsOf(transaction, companyUuid) : null;
        // A write whose stored result is the company as it was is undone: it moves no change stamp (a sync's echo).
        const kept = await undoneIfUnchanged(
          transaction,
          async () => {
            // A website written alone supplies the domain only when the company has none: a stored domain is an
            // attribute the body did not name, so it is kept.
            const domain = patch.domain === undefined && columns.domain !== undefined ? sql<string | null>`coalesce(domain, ${columns.domain})` : columns.domain;
            await transaction
              .updateTable("companies")
              .set({ ...columns, domain, service_updated_at: now(tenantUuid) })
              .where("tenant_uuid", "=", tenantUuid)
              .where("uuid", "=", companyUuid)
              .execute();
            await syncCompanyTags(transaction, tenantUuid, companyUuid, patch);
            const row = await transaction.selectFrom("companies").selectAll().where("uuid", "=", companyUuid).executeTakeFirstOrThrow();
            const timestamp = now(tenantUuid);
            // The list given is left a millisecond before now: a domain this write changes joins it, as the one left last.
            if (patch.former_domains) await writeFormerDomains(transaction, row, patch.former_domains, timestamp - 1, "companies.update");
            await rememberFormerDomain(transaction, row, storedDomain(before.domain), timestamp);
            return row;
          },
          async (row) =>
            sameColumns(before, row, ["service_updated_at", "company_name_sort_key", "name_match_key", "name_duplicate_key"]) &&
            (formerBefore === null || (await formerDomainsOf(transaction, companyUuid)).join(" ") === formerBefore.join(" ")),
        );
        const written = kept.changed ? kept.result : before;
        // A name's keys that differ from the name (a row edited by hand) are mended by any write of the company, one
        // that changes nothing too, alone: no change a client sees, so no `service_updated_at` moves.
        await mendKeys(transaction, "companies", written, [
          { source: "company_name", key: "company_name_sort_key", keyOf: nameSortKey },
          { source: "company_name", key: "name_match_key", keyOf: companyNameKey },
          { source: "company_name", key: "name_duplicate_key", keyOf: companyDuplicateNameKey },
        ]);
        return toCompany(written);
      });
    },
    async formerDomains(tenantUuid, companyUuids) {
      const formerDomains = new Map<string, string[]>();
      if (companyUuids.length === 0) return formerDomains;
      const rows = await db
        .selectFrom("company_former_domains")
        .select(["company_uuid", "domain"])
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("company_uuid", "in", [...new Set(companyUuids)])
        .orderBy("company_uuid")
        .orderBy("left_at", "desc")
        .orderBy("domain")
        .execute();
      for (const row of rows) formerDomains.set(row.company_uuid, [...(formerDomains.get(row.company_uuid) ?? []), row.domain]);
      return formerDomains;
    },
    async get(tenantUuid, companyUuid) {
      const companies = await readRemembered(remembered(tenantUuid), [companyUuid], (uuids) => loadCompanies(tenantUuid, uuids));
      return companies.get(companyUuid) ?? null;
    },
    async getMany(tenantUuid, companyUuids) {
      return readRemembered(remembered(tenantUuid), companyUuids, (uuids) => loadCompanies(tenantUuid, uuids));
    },
    async list(tenantUuid, request) {
      const query = filteredCompanies(tenantUuid, request.filters);
      const keys: SortKey[] =
        request.sort_by === "company_name"
          ? nameOrderKeys("companies", request.order, request.position)
          : [
              { column: `companies.${request.sort_by}`, direction: request.order },
              { column: "companies.uuid", direction: request.order },
            ];
      const page = await keysetPage(query, keys, request, { rememberedTotals: rememberedListTotals(tenantUuid) });
      return { ...page, rows: page.rows.map(toCompany) };
    },
    async nameSuggestions(tenantUuid, filters, limit) {
      const { name, ...others } = filters;
      if (!name) return [];
      const narrowed = Object.values(others).some((value) => value !== undefined);
      const names = narrowed
        ? foldedCompanyNames(await filteredCompanies(tenantUuid, others).clearSelect().select(["companies.uuid", "companies.company_name"]).execute())
        : await everyNameFolded(tenantUuid);
      const closest = fuzzyNameRanking(names, withoutLegalForm(name)).slice(0, limit);
      if (closest.length === 0) return [];
      const companies = await readRemembered(remembered(tenantUuid), closest, (uuids) => loadCompanies(tenantUuid, uuids));
      return closest.flatMap((uuid) => companies.get(uuid) ?? []);
    },
  };
}
