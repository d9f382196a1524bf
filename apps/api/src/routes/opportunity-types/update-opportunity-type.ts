/** PATCH /v1/opportunity-types/{type_uuid}: changes the fields present in the body (administrators). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityTypeSchema, presentOpportunityType } from "../../presenters/opportunity-type-presenter.js";
import { opportunityTypeFields } from "./opportunity-type-body.js";

export const updateOpportunityType = defineOperation({
  operationId: "updateOpportunityType",
  method: "patch",
  path: "/v1/opportunity-types/{type_uuid}",
  area: "Opportunity",
  summary: "Update an opportunity type",
  description:
    "Writes only the fields present in the body. Turning subopportunities_enabled off while sub-opportunities exist is a 400. Administrators only (403 for members); 404 when the type is not in the tenant.",
  params: z.object({ type_uuid: uuidString("The opportunity type's UUID.") }),
  body: z.object(opportunityTypeFields).partial().strict(),
  response: opportunityTypeSchema,
  errors: [404],
  example: { body: { label: "Deal", is_hidden: false } },
  onlyAdministratorsMay: "change opportunity types",
  async handler({ params, body, auth, services }) {
    const type = await services.store.opportunityTypes.update(auth.tenant.uuid, params.type_uuid, body);
    if (!type) throw notFound(`opportunity type ${params.type_uuid} not found`);
    return presentOpportunityType(type);
  },
});
