/** GET /v1/opportunities: every filter and sort of the spec's table, totals over the filtered set, cursors. */
import { defineOperation } from "../../operations/operation.js";
import { listQueryFilters, opportunityListQuery, resolveListFilters } from "./opportunity-list-query.js";
import { listOpportunityPage, opportunityListSchema } from "./opportunity-list-response.js";

export const listOpportunities = defineOperation({
  operationId: "listOpportunities",
  method: "get",
  path: "/v1/opportunities",
  area: "Opportunity",
  summary: "List opportunities",
  description:
    "Lists the tenant's opportunities. Filters combine with AND. total_value and total_weighted_value sum the whole filtered set. Scan large sets with cursor (filters and sort must stay the same). " +
    "sort_by owner, intro_person, days_in_stage and notes_and_files_count are computed over the whole filtered set.",
  query: opportunityListQuery,
  response: opportunityListSchema,
  errors: [404],
  async handler({ query, auth, services }) {
    const filters = await resolveListFilters(services, auth.tenant.uuid, query);
    return listOpportunityPage({
      services,
      auth,
      query,
      filters,
      fingerprint: { operation: "listOpportunities", filters: listQueryFilters(query) },
    });
  },
});
