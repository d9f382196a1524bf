/** PUT /v1/opportunity-types/{type_uuid}/stages/order: sets the pipeline order (administrators). */
import { STAGE_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_PIPELINE_STAGES } from "../../platform/request/count-limits.js";
import { opportunityStageSchema, presentOpportunityStage } from "../../presenters/opportunity-type-presenter.js";

export const reorderOpportunityStages = defineOperation({
  operationId: "reorderOpportunityStages",
  method: "put",
  path: "/v1/opportunity-types/{type_uuid}/stages/order",
  area: "Opportunity",
  summary: "Reorder stages",
  description:
    "Sets the pipeline order of a type's PARENT or CHILD stages: stage_uuids lists every stage of that type and stage_type (hidden ones too) exactly once, first stage first (400 otherwise). The order is what sort_by=stage uses. Administrators only; 404 when the type is not in the tenant.",
  params: z.object({ type_uuid: uuidString("The opportunity type's UUID.") }),
  body: z
    .object({
      stage_type: z.enum(STAGE_TYPES).default("PARENT").describe("Which pipeline: PARENT (default) or CHILD."),
      stage_uuids: z
        .array(uuidString("A stage UUID."))
        .min(1)
        .max(MAX_PIPELINE_STAGES)
        .describe("Every stage of the pipeline, in the new order."),
    })
    .strict(),
  response: z.object({ items: z.array(opportunityStageSchema), total: z.number().int().describe("Number of items.") }),
  errors: [404],
  idempotent: true,
  example: { body: { stage_type: "PARENT", stage_uuids: ["6f1c2a34-0000-4000-8000-000000000001"] } },
  onlyAdministratorsMay: "change pipelines",
  async handler({ params, body, auth, services }) {
    const { store } = services;
    const type = await store.opportunityTypes.get(auth.tenant.uuid, params.type_uuid);
    if (!type) throw notFound(`opportunity type ${params.type_uuid} not found`);
    const stages = await store.opportunityStages.reorder(auth.tenant.uuid, type.uuid, body.stage_type, body.stage_uuids);
    return { items: stages.map(presentOpportunityStage), total: stages.length };
  },
});
