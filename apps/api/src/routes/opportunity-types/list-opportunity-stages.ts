/** GET /v1/opportunity-types/{type_uuid}/stages: a type's pipeline, top-level or sub-opportunity stages. */
import { STAGE_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { booleanQuery, uuidString } from "../../platform/request/common-schemas.js";
import { opportunityStageSchema, presentOpportunityStage } from "../../presenters/opportunity-type-presenter.js";

export const listOpportunityStages = defineOperation({
  operationId: "listOpportunityStages",
  method: "get",
  path: "/v1/opportunity-types/{type_uuid}/stages",
  area: "Opportunity",
  summary: "List the stages of an opportunity type",
  description:
    "Lists a type's stages in pipeline order: PARENT stages (top-level opportunities, the default) or CHILD stages (sub-opportunities). Hidden stages only with include_hidden=true. 404 when the type is not in the tenant.",
  params: z.object({ type_uuid: uuidString("The opportunity type's UUID.") }),
  query: z.object({
    stage_type: z.enum(STAGE_TYPES).default("PARENT").describe("PARENT (default): stages of top-level opportunities; CHILD: of sub-opportunities."),
    include_hidden: booleanQuery("Also list hidden stages. Default false.").default(false),
  }),
  response: z.object({ items: z.array(opportunityStageSchema), total: z.number().int().describe("Number of items.") }),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const type = await services.store.opportunityTypes.get(auth.tenant.uuid, params.type_uuid);
    if (!type) throw notFound(`opportunity type ${params.type_uuid} not found`);
    const stages = await services.store.opportunityStages.list(auth.tenant.uuid, type.uuid, query);
    return { items: stages.map(presentOpportunityStage), total: stages.length };
  },
});
