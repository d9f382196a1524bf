/**
 * @module
 * The query parameters of GET /v1/opportunities (also accepted by GET
 * /v1/companies/{company_uuid}/opportunities), and their translation into the store's filters:
 * owners resolved to users (400 when none resolves), places resolved to spellings (400 when they do
 * not resolve), close and last-activity date pairs given whole (a lone bound is a 400) and no range reversed (a 400).
 */
import { OPPORTUNITY_SORT_FIELDS, STAGE_TYPES, type OpportunityListFilters } from "@rapport/store";
import { z } from "zod";
import { filterText, nameFilter } from "../../platform/request/field-schemas.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { refuseLoneBound, refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { countrySpellings, resolveLocationFilter, stateFilterSpellings } from "../../platform/location/resolve-location.js";
import { booleanQuery, uuidListQuery, uuidString } from "../../platform/request/common-schemas.js";
import { calendarDate, isoBoundQuery, numberQuery } from "../../platform/request/date-schemas.js";
import type { AppServices } from "../../services.js";
import { refuseMergedAwayPersonFilter, refuseMergedAwayUserPersonFilter } from "../persons/merged-away-person-filter.js";
import { MAX_FILTER_TEXT_LENGTH } from "../../platform/request/field-limits.js";
import { refuseMergedAwayCompanyFilter } from "../companies/merged-away-company-filter.js";

const text = (description: string) => filterText(MAX_FILTER_TEXT_LENGTH, z.string().trim()).describe(description);
const nameText = (description: string) => nameFilter(MAX_FILTER_TEXT_LENGTH, { trim: true }).describe(description);

export const opportunityListQuery = cursorListQuery.extend({
  name: nameText("Case-insensitive substring of the opportunity's own name.").optional(),
  search: nameText(
    "Every whitespace-separated word must appear (case-insensitive, any order) in the name or in an associated person's or company's name; the type label is not searched. When nothing matches, a fuzzy search runs instead, closest first unless sort_by is given.",
  ).optional(),
  opportunity_type_uuid: uuidString("Only opportunities of this type (GET /v1/opportunity-types).").optional(),
  opportunity_stage_uuid: uuidString("Only opportunities in this stage.").optional(),
  opportunity_stage_uuids: uuidListQuery("Only opportunities in one of these stages.", { nonEmpty: true }).optional(),
  owner_user_uuid: uuidListQuery(
    "Only opportunities owned by one of these users (OR). Each may be a user UUID or the person UUID shown as owner.uuid; 400 when none is a user of the tenant.",
    { nonEmpty: true },
  ).optional(),
  include_no_owner: booleanQuery("With owner_user_uuid: unowned opportunities match too. No effect without owner_user_uuid.").optional(),
  has_owner: booleanQuery("true: only owned opportunities; false: only unassigned ones; omitted: both.").optional(),
  intro_person_uuid: uuidString("Only opportunities introduced by this person.").optional(),
  related_company_uuid: uuidString("Parent opportunities having a sub-opportunity associated with this company.").optional(),
  related_person_uuid: uuidString("Parent opportunities having a sub-opportunity associated with this person.").optional(),
  parent_uuid: uuidString("Only the sub-opportunities of this parent.").optional(),
  hierarchy_type: z
    .enum(STAGE_TYPES)
    .optional()
    .describe("PARENT: top-level opportunities only; CHILD: sub-opportunities only; ignored when parent_uuid is set; omitted: both."),
  company_uuid: uuidListQuery("Opportunities associated with any of these companies (union).", { nonEmpty: true }).optional(),
  person_uuid: uuidListQuery("Opportunities associated with any of these persons (union).", { nonEmpty: true }).optional(),
  city: text("Case-insensitive substring of the city of an associated person or company. With state and country, all must hold for the same associated record.").optional(),
  state: text(
    "State or province of an associated person or company: a full name alone, or an ISO 3166-2 code (with country; a code alone is a 400). 400 when it does not resolve.",
  ).optional(),
  country: text("Country of an associated person or company: a name or an ISO 3166-1 alpha-2/alpha-3 code; 400 when unrecognized.").optional(),
  value_from: numberQuery("Minimum value, inclusive.").optional(),
  value_to: numberQuery("Maximum value, inclusive.").optional(),
  probability_from: numberQuery("Minimum probability (percent, 0-100), inclusive.").optional(),
  probability_to: numberQuery("Maximum probability (percent, 0-100), inclusive.").optional(),
  updated_after: isoBoundQuery("Only opportunities updated at or after this instant.", "start").optional(),
  updated_before: isoBoundQuery("Only opportunities updated at or before this instant.", "end").optional(),
  source_date_from: calendarDate("Source date range start, inclusive; alone it has no effect.").optional(),
  source_date_to: calendarDate("Source date range end, inclusive; alone it has no effect.").optional(),
  close_date_from: calendarDate("Close date range start, inclusive; needs close_date_to. Opportunities without a close date never match the range.").optional(),
  close_date_to: calendarDate("Close date range end, inclusive; needs close_date_from.").optional(),
  last_activity_date_from: isoBoundQuery("Last activity range start; needs last_activity_date_to.", "start").optional(),
  last_activity_date_to: isoBoundQuery("Last activity range end; needs last_activity_date_from.", "end").optional(),
  sort_by: z
    .enum(OPPORTUNITY_SORT_FIELDS)
    .optional()
    .describe(
      "Sort column; ties are broken by uuid. stage: pipeline order; owner and intro_person: by name; text sorts ignore case; empty values sort last in both directions. Default created_at (a fuzzy search: closest first).",
    ),
  order: sortOrderParameter("asc"),
});

export type OpportunityListQuery = z.output<typeof opportunityListQuery>;

/** Every filter of the query (not the paging), as given: what a cursor is bound to. */
export function listQueryFilters(query: OpportunityListQuery): Record<string, unknown> {
  const { page: _page, per_page: _perPage, cursor: _cursor, sort_by: _sortBy, order: _order, ...filters } = query;
  return filters;
}

/**
 * Throws a 400 for a close or last-activity date pair given by one bound (spec: "both required together") or any
 * range given reversed. A lone source date bound is dropped: the spec says so ("a single-sided value has no effect").
 */
function refuseBadRanges(query: OpportunityListQuery): void {
  refuseLoneBound("close_date", query.close_date_from, query.close_date_to);
  refuseLoneBound("last_activity_date", query.last_activity_date_from, query.last_activity_date_to);
  refuseReversedRange("value", query.value_from, query.value_to, "greater than");
  refuseReversedRange("probability", query.probability_from, query.probability_to, "greater than");
  refuseReversedRange("source_date", query.source_date_from, query.source_date_to);
  refuseReversedRange("close_date", query.close_date_from, query.close_date_to);
  refuseReversedRange("last_activity_date", query.last_activity_date_from, query.last_activity_date_to);
  refuseReversedRange(["updated_after", "updated_before"], query.updated_after, query.updated_before);
}

/** Resolves the query into the store's filters, or throws the spec's 400s. */
export async function resolveListFilters(services: AppServices, tenantUuid: string, query: OpportunityListQuery): Promise<OpportunityListFilters> {
  refuseBadRanges(query);
  await refuseMergedAwayPersonFilter(services, tenantUuid, query.person_uuid);
  await refuseMergedAwayPersonFilter(services, tenantUuid, query.intro_person_uuid, "intro_person_uuid");
  await refuseMergedAwayPersonFilter(services, tenantUuid, query.related_person_uuid, "related_person_uuid");
  await refuseMergedAwayCompanyFilter(services, tenantUuid, query.company_uuid);
  await refuseMergedAwayCompanyFilter(services, tenantUuid, query.related_company_uuid, "related_company_uuid");
  const filters: OpportunityListFilters = {
    name: query.name,
    search: query.search,
    type_uuid: query.opportunity_type_uuid,
    stage_uuid: query.opportunity_stage_uuid,
    stage_uuids: query.opportunity_stage_uuids,
    has_owner: query.has_owner,
    intro_person_uuid: query.intro_person_uuid,
    related_company_uuid: query.related_company_uuid,
    related_person_uuid: query.related_person_uuid,
    parent_uuid: query.parent_uuid,
    hierarchy_type: query.hierarchy_type,
    company_uuids: query.company_uuid,
    person_uuids: query.person_uuid,
    value_from: query.value_from,
    value_to: query.value_to,
    probability_from: query.probability_from,
    probability_to: query.probability_to,
    updated_after: query.updated_after,
    updated_before: query.updated_before,
  };
  if (query.owner_user_uuid) {
    const resolved = await services.store.records.resolveUsers(tenantUuid, query.owner_user_uuid);
    // An owner's person merged away (a deactivated user's, into a contact) no longer names the user: say which does.
    const unresolved = query.owner_user_uuid.filter((uuid) => !resolved.has(uuid));
    await refuseMergedAwayUserPersonFilter(services, tenantUuid, unresolved, "owner_user_uuid");
    if (resolved.size === 0) {
      throw badRequest(
        `owner_user_uuid: none of ${query.owner_user_uuid.join(", ")} is a user of this tenant (send user UUIDs from GET /v1/users, or their person_uuid)`,
      );
    }
    filters.owner_user_uuids = [...new Set(resolved.values())];
    filters.include_no_owner = query.include_no_owner;
  }
  if (query.city !== undefined || query.state !== undefined || query.country !== undefined) {
    const { country, states } = resolveLocationFilter({ country: query.country, state: query.state });
    filters.location = {
      city: query.city,
      ...(states ? stateFilterSpellings(states) : {}),
      countries: country ? countrySpellings(country) : undefined,
    };
  }
  if (query.source_date_from !== undefined && query.source_date_to !== undefined) filters.source_date = { from: query.source_date_from, to: query.source_date_to };
  if (query.close_date_from !== undefined && query.close_date_to !== undefined) filters.close_date = { from: query.close_date_from, to: query.close_date_to };
  if (query.last_activity_date_from !== undefined && query.last_activity_date_to !== undefined) {
    filters.last_activity = { from: query.last_activity_date_from, to: query.last_activity_date_to };
  }
  return filters;
}
