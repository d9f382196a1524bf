/** GET /v1/persons: persons with derived fields; filter by uuids, modified_since, name, company_uuid or their own place; page or cursor. */
import { PERSON_SORT_FIELDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPageWithNameMatch, nameMatchField } from "../../platform/listing/name-match.js";
import { companiesNamed, companiesNamedField } from "./companies-named.js";
import { placeFilters, placeQueryParameters } from "../../platform/location/place-query.js";
import { isoTimestampQuery, uuidListQuery, uuidString } from "../../platform/request/common-schemas.js";
import { MAX_FILTER_TEXT_LENGTH } from "../../platform/request/field-limits.js";
import { nameFilter } from "../../platform/request/field-schemas.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { refuseMergedAwayCompanyFilter } from "../companies/merged-away-company-filter.js";

/** A `name` scan's cursor of an earlier release: a fuzzy retry's held a rank, which other records' writes moved. */
const FUZZY_WALK_CHANGED =
  "cursor no longer valid: a scan filtered by name keeps its place by each match's own closeness since this version, not by its rank among the matches; start the scan again without cursor";

export const listPersons = defineOperation({
  operationId: "listPersons",
  method: "get",
  path: "/v1/persons",
  area: "Person",
  summary: "List persons",
  description:
    "Lists the tenant's persons with their derived relationship fields; filters combine (AND). To find a person's uuid from their name, filter with name (a misspelt name that matches nobody is retried fuzzily, closest first), then ask GET /v1/persons/{person_uuid}/recommended-paths who on the team knows them best (each person's strongest_relationships names the top two), or GET /v1/pathpower/scores?entity=person&uuids= how strongly the team is connected; everyone at a company: company_uuid. People in a place (their own, not their company's): city, country, state. Poll with modified_since for changes to the records (fields, emails, affiliations, merges, internal status); new emails and meetings change derived fields without moving service_updated_at. Scan large sets with cursors: every response carries next_cursor.",
  // Persons are found by address in the lookup, which takes up to 100 criteria: a filter here would be a second way
  // (an address sent as `name` finds its owners all the same: docs/api-decisions.md).
  unknownQueryAdvice: Object.fromEntries(
    ["email", "emails", "email_address", "linkedin_url", "domain"].map((name) => [name, "find persons by email address, LinkedIn URL or domain with POST /v1/persons/lookup/batch"]),
  ),
  query: cursorListQuery.extend({
    uuids: uuidListQuery("Only these persons (entity-list members).", { records: "person" }).optional(),
    modified_since: isoTimestampQuery("Only persons with service_updated_at at or after this instant.").optional(),
    // A name search, refused empty in the words of every list's text filter (field-schemas.ts `nameFilter`).
    name: nameFilter(MAX_FILTER_TEXT_LENGTH, { trim: true })
      .optional()
      .describe(
        "Only persons whose name holds every word as a substring, in any order, ignoring case and accents: \"jordan blake\" finds \"Blake, Jordan M.\", \"emile\" finds \"ÉMILE\". When nobody matches it retries fuzzily (\"jon smyth\" finds \"John Smith\"), closest first unless sort_by is given.",
      ),
    company_uuid: uuidString("Only persons currently at this company, primary or not; an unknown one lists none.").optional(),
    ...placeQueryParameters("persons"),
    sort_by: z
      .enum(PERSON_SORT_FIELDS)
      .optional()
      .describe("Sort column; ties are broken by uuid. name: alphabetical whatever the case and accents (\"abel\", \"Ábel\", \"Éva\", \"Zoe\"), other scripts after Latin (Greek, Cyrillic, then CJK). Default service_updated_at (a fuzzy name retry: closest first)."),
    order: sortOrderParameter("asc"),
  }),
  response: listEnvelopeSchema(personSchema).extend({ name_match: nameMatchField(["exact", "fuzzy", "email"]), companies_named: companiesNamedField }),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, uuids, modified_since, name, company_uuid, sort_by, order } = query;
    await refuseMergedAwayCompanyFilter(services, auth.tenant.uuid, company_uuid);
    const filters = { uuids, modified_since, name, company_uuid, ...placeFilters(query) };
    const envelope = await listPageWithNameMatch({
      paging: { page, per_page, cursor },
      // Without a name there is no fuzzy order: the default sort binds a cursor as an explicit one does, as before.
      query: { operation: "listPersons", tenant: auth.tenant.uuid, filters, sort_by: sort_by ?? (name === undefined ? "service_updated_at" : undefined), order },
      ...(name !== undefined && { orderChange: { mark: { fuzzy_walk: "score" }, refusal: FUZZY_WALK_CHANGED } }),
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.persons.list(auth.tenant.uuid, { ...request, filters, sort_by, order }),
      present: (persons) => presentPersons(services, auth, persons),
    });
    const companies = await companiesNamed(services, auth.tenant.uuid, name, envelope.name_match);
    return companies === null ? envelope : { ...envelope, companies_named: companies };
  },
});
