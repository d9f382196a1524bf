/** GET /v1/companies/{company_uuid}/recommended-paths: the team ranked by how warmly it reaches a company. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { inMemoryPage } from "../../platform/listing/in-memory-page.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { recommendedPathsResponseSchema } from "../../presenters/recommended-paths-presenter.js";
import { rankedPaths } from "../../relationships/ranked-paths.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { pathSortParameter } from "./path-sort-parameter.js";
import { perItemLimits, perItemQuery, topExternalContactsQuery } from "./per-item-query.js";
import { companyNotFound } from "../companies/company-not-found.js";

export const getCompanyRecommendedPaths = defineOperation({
  operationId: "getCompanyRecommendedPaths",
  method: "get",
  path: "/v1/companies/{company_uuid}/recommended-paths",
  area: "Recommended paths",
  summary: "Recommended introduction paths to a company",
  description:
    "Ranks the internal team by connection strength to the people currently at the company (direct and two-hop paths), and lists the company's people the team knows best in top_external_contacts with their internal connectors. 404 when the company is not in the tenant. " +
    "paths_per_item and priority_entries_per_item (0-10, default 10 each) bound what each item lists, top_external_contacts_limit (0-10, default 10) the contacts; path_count, connection_score and total stay the same.",
  mcpDescription:
    "The team ranked by connection strength to the company's current people (direct and two-hop paths); top_external_contacts: those the team knows best, with their connectors. " +
    "Short answer: small per_page, paths_per_item=1, priority_entries_per_item=0, top_external_contacts_limit=3.",
  params: z.object({ company_uuid: uuidString("The target company's UUID.") }),
  query: pagedListQuery.extend({ sort_by: pathSortParameter, order: sortOrderParameter("desc"), ...perItemQuery, ...topExternalContactsQuery }),
  response: recommendedPathsResponseSchema,
  errors: [404],
  cacheable: true,
  async handler({ params, query, auth, services }) {
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    const view = await openRelationshipView(services, auth);
    const ranked = await rankedPaths(services, auth, view, { entity: "company", uuid: company.uuid }, { sortBy: query.sort_by, order: query.order, ...perItemLimits(query) });
    const page = await listPage({
      paging: query,
      query: { operation: "getCompanyRecommendedPaths" },
      cursors: null,
      fetch: async (request) => inMemoryPage(ranked.items, request, (item) => item.user_uuid),
      present: (items) => items,
    });
    return {
      target_uuid: company.uuid,
      target_name: ranked.target.name,
      target_logo_url: ranked.target.logo_url,
      ...page,
      top_external_contacts: ranked.top_external_contacts,
    };
  },
});
