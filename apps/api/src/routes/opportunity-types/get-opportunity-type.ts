/** GET /v1/opportunity-types/{type_uuid}: one opportunity type. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityTypeSchema, presentOpportunityType } from "../../presenters/opportunity-type-presenter.js";

export const getOpportunityType = defineOperation({
  operationId: "getOpportunityType",
  method: "get",
  path: "/v1/opportunity-types/{type_uuid}",
  area: "Opportunity",
  summary: "Get an opportunity type",
  description: "Reads one opportunity type, hidden or not. 404 when it is not in the tenant.",
  params: z.object({ type_uuid: uuidString("The opportunity type's UUID.") }),
  response: opportunityTypeSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const type = await services.store.opportunityTypes.get(auth.tenant.uuid, params.type_uuid);
    if (!type) throw notFound(`opportunity type ${params.type_uuid} not found`);
    return presentOpportunityType(type);
  },
});
