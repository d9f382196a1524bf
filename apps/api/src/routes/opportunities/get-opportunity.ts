/** GET /v1/opportunities/{opportunity_uuid}: one opportunity with custom_field_mapping. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityDetailSchema, presentOpportunityDetail } from "./opportunity-detail.js";

export const opportunityPathParams = z.object({ opportunity_uuid: uuidString("The opportunity's UUID.") });

export const getOpportunity = defineOperation({
  operationId: "getOpportunity",
  method: "get",
  path: "/v1/opportunities/{opportunity_uuid}",
  area: "Opportunity",
  summary: "Get an opportunity",
  description: "Reads one opportunity with its associations, children sums and custom_field_mapping. 404 when it is not in the tenant.",
  params: opportunityPathParams,
  response: opportunityDetailSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const opportunity = await services.store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!opportunity) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    return presentOpportunityDetail(services, auth.tenant.uuid, opportunity);
  },
});
