/** GET /v1/companies: companies with derived fields; every filter of the spec; page or cursor. */
import { COMPANY_SORT_FIELDS, employeeCountRange, EMPLOYEE_COUNT_BANDS, type CompanyListFilters, type DateRange, type NumberRange } from "@rapport/store";
import { z } from "zod";
import { filterText, nameFilter } from "../../platform/request/field-schemas.js";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { refuseLoneBound, refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { placeFilters, placeQueryParameters } from "../../platform/location/place-query.js";
import { COMMA_SEPARATED, isoTimestampQuery, uuidListQuery } from "../../platform/request/common-schemas.js";
import { numberQuery } from "../../platform/request/date-schemas.js";
import { WHOLE_NUMBER_TEXT } from "../../platform/request/whole-number-text.js";
import { companySchema, presentCompanies } from "../../presenters/company-presenter.js";
import { nameSuggestionsField, nameSuggestionsFor } from "./company-name-suggestions.js";
import { MAX_FILTER_VALUES } from "../../platform/request/count-limits.js";
import { MAX_FILTER_LIST_LENGTH, MAX_FILTER_TEXT_LENGTH } from "../../platform/request/field-limits.js";

const SUBSTRING = "Case-insensitive substring (any letter's case; accents count).";
// Trimmed, as the opportunity list's text filters: a space a form or a copy left around a word matched only names
// holding that space.
const text = (description: string) => filterText(MAX_FILTER_TEXT_LENGTH, z.string().trim()).optional().describe(`${description} ${SUBSTRING}`);

/** Comma-separated values, OR'd; blanks ignored. */
const commaList = (description: string) =>
  z
    .string()
    .max(MAX_FILTER_LIST_LENGTH, `at most ${MAX_FILTER_LIST_LENGTH} characters`)
    .meta(COMMA_SEPARATED)
    .transform((value, context) => {
      const items = [...new Set(value.split(",").map((item) => item.trim()).filter(Boolean))];
      if (items.length === 0) {
        context.addIssue({ code: "custom", message: "give at least one value (comma-separated)" });
        return z.NEVER;
      }
      if (items.length > MAX_FILTER_VALUES) {
        context.addIssue({ code: "custom", message: `at most ${MAX_FILTER_VALUES} values, got ${items.length}` });
        return z.NEVER;
      }
      return items;
    })
    .optional()
    .describe(`${description} Comma-separated; a company matching any value matches (OR). Case-insensitive.`);

// The opportunity list's number rule (an exponent read, a value past a double refused naming the parameter).
const numberBound = (description: string) => numberQuery(`${description} Inclusive.`).optional();

const yearQuery = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}$/, "must be a four-digit year")
    .transform(Number)
    .optional()
    .describe(`${description} A year such as 2015; inclusive; compared with year_founded.`);

const EMPLOYEE_COUNT_MESSAGE = `must be a head count or a band (${EMPLOYEE_COUNT_BANDS.join(", ")})`;

/**
 * A head count, or a band (its lower bound for `from`, its upper bound for `to`). The pattern documents the
 * shape, so a tool argument takes a JSON number here as it does for other numeric filters.
 */
const employeeCountBound = (end: "from" | "to") =>
  z
    .string()
    .trim()
    // A head count's text is every whole-number parameter's (`5e3`, `5000.0`).
    .regex(new RegExp(`${WHOLE_NUMBER_TEXT.source}|^(\\d+-\\d+|\\d+\\+)$`), EMPLOYEE_COUNT_MESSAGE)
    .transform((value, context) => {
      if (WHOLE_NUMBER_TEXT.test(value)) {
        // A head count past the largest exact integer would reach the store as Infinity or a rounded number.
        const headCount = Number(value);
        if (Number.isSafeInteger(headCount) && headCount >= 0) return headCount;
        context.addIssue({ code: "custom", message: EMPLOYEE_COUNT_MESSAGE });
        return z.NEVER;
      }
      const range = employeeCountRange(value);
      if (!range) {
        context.addIssue({ code: "custom", message: EMPLOYEE_COUNT_MESSAGE });
        return z.NEVER;
      }
      return end === "from" ? range.min : (range.max ?? Number.MAX_SAFE_INTEGER);
    })
    .optional()
    .describe(
      `${end === "from" ? "Lowest" : "Highest"} head count, as a number or a band (${EMPLOYEE_COUNT_BANDS.join(", ")}; a band stands for its ${end === "from" ? "lower" : "upper"} bound). A company matches when its employee_count band overlaps the range.`,
    );

const dateBound = (description: string) => isoTimestampQuery(`${description} Compared by UTC calendar date, inclusive; send both bounds.`).optional();

const listCompaniesQuery = cursorListQuery.extend({
  uuids: uuidListQuery("Only these companies (to hydrate entity-list members).", { records: "company" }).optional(),
  modified_since: isoTimestampQuery("Only companies whose service_updated_at is at or after this instant.").optional(),
  name: nameFilter(MAX_FILTER_TEXT_LENGTH, { trim: true }).optional().describe(`Company name: ${SUBSTRING}`),
  domain: text("Domain:"),
  linkedin_url: text("LinkedIn URL:"),
  facebook_url: text("Facebook URL:"),
  twitter_url: text("Twitter URL:"),
  description: text("Description:"),
  ...placeQueryParameters("companies"),
  operating_status: commaList("Operating statuses."),
  acquisition_status: commaList("Acquisition statuses."),
  ipo_status: commaList("IPO statuses."),
  service_industry_tags: z
    .string()
    .max(MAX_FILTER_LIST_LENGTH, `at most ${MAX_FILTER_LIST_LENGTH} characters`)
    .meta(COMMA_SEPARATED)
    .transform((value) => [...new Set(value.split(",").map((item) => item.trim()).filter(Boolean))])
    .optional()
    .describe("Industry tags, comma-separated, case-insensitive; combined by service_industry_tags_operator."),
  service_industry_tags_operator: z
    .enum(["AND", "OR", "and", "or"])
    .transform((value) => value.toUpperCase() as "AND" | "OR")
    .default("OR")
    .describe("AND: a company must have every tag; OR (default): any of them."),
  investor_types: commaList("Investor types."),
  last_investment_types: commaList("Latest investment types."),
  npi_types: commaList("NPI types."),
  founded_on_from: yearQuery("Founded in or after."),
  founded_on_to: yearQuery("Founded in or before."),
  score_from: numberBound("Lowest score."),
  score_to: numberBound("Highest score."),
  employee_count_from: employeeCountBound("from"),
  employee_count_to: employeeCountBound("to"),
  overall_operating_score_from: numberBound("Lowest overall operating score."),
  overall_operating_score_to: numberBound("Highest overall operating score."),
  overall_investor_score_from: numberBound("Lowest overall investor score."),
  overall_investor_score_to: numberBound("Highest overall investor score."),
  last_investment_date_from: dateBound("Latest investment on or after."),
  last_investment_date_to: dateBound("Latest investment on or before."),
  npi_date_from: dateBound("NPI date on or after."),
  npi_date_to: dateBound("NPI date on or before."),
  sort_by: z
    .enum(COMPANY_SORT_FIELDS)
    .default("service_updated_at")
    .describe("Sort column; ties are broken by uuid. company_name: alphabetical whatever the case and accents (\"acme\", \"Ärzte\", \"Zeta\"), other scripts after Latin (Greek, Cyrillic, then CJK). Default service_updated_at."),
  order: sortOrderParameter("asc"),
});

type ListCompaniesQuery = z.output<typeof listCompaniesQuery>;

function numberRange(name: string, from: number | undefined, to: number | undefined): NumberRange | undefined {
  if (from === undefined && to === undefined) return undefined;
  refuseReversedRange(name, from, to, "greater than");
  const range: NumberRange = {};
  if (from !== undefined) range.from = from;
  if (to !== undefined) range.to = to;
  return range;
}

const utcDate = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString().slice(0, 10);

function dateRange(name: string, from: number | undefined, to: number | undefined): DateRange | undefined {
  refuseLoneBound(name, from, to);
  if (from === undefined || to === undefined) return undefined;
  const range = { from: utcDate(from), to: utcDate(to) };
  refuseReversedRange(name, range.from, range.to);
  return range;
}

/** The store filters for a parsed query: location resolved to spellings, ranges checked. */
function storeFilters(query: ListCompaniesQuery): CompanyListFilters {
  const filters: CompanyListFilters = {
    uuids: query.uuids,
    modified_since: query.modified_since,
    name: query.name,
    domain: query.domain,
    linkedin_url: query.linkedin_url,
    facebook_url: query.facebook_url,
    twitter_url: query.twitter_url,
    description: query.description,
    ...placeFilters(query),
    operating_status: query.operating_status,
    acquisition_status: query.acquisition_status,
    ipo_status: query.ipo_status,
    industry_tags:
      query.service_industry_tags && query.service_industry_tags.length > 0
        ? { values: query.service_industry_tags, operator: query.service_industry_tags_operator }
        : undefined,
    investor_types: query.investor_types,
    last_investment_types: query.last_investment_types,
    npi_types: query.npi_types,
    founded_year: numberRange("founded_on", query.founded_on_from, query.founded_on_to),
    score: numberRange("score", query.score_from, query.score_to),
    employee_count: numberRange("employee_count", query.employee_count_from, query.employee_count_to),
    overall_operating_score: numberRange("overall_operating_score", query.overall_operating_score_from, query.overall_operating_score_to),
    overall_investor_score: numberRange("overall_investor_score", query.overall_investor_score_from, query.overall_investor_score_to),
    last_investment_date: dateRange("last_investment_date", query.last_investment_date_from, query.last_investment_date_to),
    npi_date: dateRange("npi_date", query.npi_date_from, query.npi_date_to),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as CompanyListFilters;
}

export const listCompanies = defineOperation({
  operationId: "listCompanies",
  method: "get",
  path: "/v1/companies",
  area: "Company",
  summary: "List companies",
  description:
    "Lists the tenant's companies with their derived relationship fields. To find a company's uuid from its name, filter with name (a case-insensitive substring; if none matches, name_suggestions lists close names), then ask GET /v1/companies/{company_uuid}/recommended-paths for the warmest introductions or GET /v1/companies/{company_uuid}/pathpower for how strongly the team is connected. Filters combine with AND; each parameter says how it matches. Poll with modified_since to detect changes to the records (new emails and meetings change the derived fields without moving service_updated_at); every response carries next_cursor for cursor scans.",
  query: listCompaniesQuery,
  response: listEnvelopeSchema(companySchema).extend({ name_suggestions: nameSuggestionsField }),
  example: { query: { country: "US", service_industry_tags: "fintech,ai", employee_count_from: "11-50" } },
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, sort_by, order, ...raw } = query;
    const filters = storeFilters(query);
    const envelope = await listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listCompanies", tenant: auth.tenant.uuid, filters: raw, sort_by, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.companies.list(auth.tenant.uuid, { ...request, filters, sort_by, order }),
      present: (companies) => presentCompanies(services, auth, companies),
    });
    const suggestions = await nameSuggestionsFor(services, auth.tenant.uuid, filters, envelope);
    return suggestions === null ? envelope : { ...envelope, name_suggestions: suggestions };
  },
});
