/** GET /v1/companies/{company_uuid}/opportunities: opportunities associated with one company. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityListQuery } from "./opportunity-list-query.js";
import { listOpportunityPage, opportunityListSchema } from "./opportunity-list-response.js";
import { companyNotFound } from "../companies/company-not-found.js";

export const listCompanyOpportunities = defineOperation({
  operationId: "listCompanyOpportunities",
  method: "get",
  path: "/v1/companies/{company_uuid}/opportunities",
  area: "Opportunity",
  summary: "List a company's opportunities",
  description:
    "Lists the opportunities that have the company as an association. Only name, opportunity_type_uuid and opportunity_stage_uuid are applied; every other filter of GET /v1/opportunities is accepted (and validated) but ignored. " +
    "Sorting, pagination (cursor included) and the response shape are those of GET /v1/opportunities. 404 when the company is not in the tenant.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  query: opportunityListQuery,
  response: opportunityListSchema,
  errors: [404],
  async handler({ params, query, auth, services }) {
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    const applied = { name: query.name, type_uuid: query.opportunity_type_uuid, stage_uuid: query.opportunity_stage_uuid };
    return listOpportunityPage({
      services,
      auth,
      query,
      filters: { ...applied, company_uuids: [company.uuid] },
      fingerprint: { operation: "listCompanyOpportunities", company: company.uuid, filters: applied },
    });
  },
});
