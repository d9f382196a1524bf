/** PATCH /v1/opportunities/{opportunity_uuid}: writes the fields present in the body. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { getOpportunity, opportunityPathParams } from "./get-opportunity.js";
import { opportunityWriteFields } from "./opportunity-body.js";
import { assertMayModifyOpportunity, opportunityDetailSchema, presentOpportunityDetail } from "./opportunity-detail.js";

export const updateOpportunity = defineOperation({
  operationId: "updateOpportunity",
  method: "patch",
  path: "/v1/opportunities/{opportunity_uuid}",
  area: "Opportunity",
  summary: "Update an opportunity",
  description:
    "Writes only the fields present in the body; null clears a field. A new stage must belong to the opportunity's type and level (400 otherwise) and restarts days_in_stage. " +
    "Changing type_uuid needs a stage_uuid of the new type, is refused for sub-opportunities and for opportunities with sub-opportunities, and re-checks pinning_config. custom_fields merge per key (null removes one). " +
    "Members change the opportunities they own or created (403 otherwise); 404 when it is not in the tenant.",
  params: opportunityPathParams,
  body: z
    .object({
      ...opportunityWriteFields,
      type_uuid: uuidString("Move to another type (with a stage_uuid of that type)."),
      stage_uuid: uuidString("A stage of the opportunity's type and level."),
    })
    .partial()
    .strict(),
  response: opportunityDetailSchema,
  errors: [403, 404],
  conditionalOn: getOpportunity,
  example: { body: { next_step: "Send the term sheet", probability: 60 } },
  async handler({ params, body, auth, services, ifMatch }) {
    const { store } = services;
    const viewer = viewerOf(auth);
    const current = await store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewer);
    if (!current) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    assertMayModifyOpportunity(auth, current);
    // The store checks the owner and creator again in the write's transaction: a change of owner since this read is seen.
    const actor = { user_uuid: auth.user?.uuid ?? null };
    const updated = await store.opportunities.update(auth.tenant.uuid, current.uuid, body, actor, viewer, { ...memberWriteOf(auth), precondition: ifMatch });
    if (!updated) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    return presentOpportunityDetail(services, auth.tenant.uuid, updated);
  },
});
