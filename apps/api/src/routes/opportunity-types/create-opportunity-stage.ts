/** POST /v1/opportunity-types/{type_uuid}/stages: appends a stage to a pipeline (administrators). */
import { STAGE_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { ApiError, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_PIPELINE_STAGES } from "../../platform/request/count-limits.js";
import { opportunityStageSchema, presentOpportunityStage } from "../../presenters/opportunity-type-presenter.js";
import { opportunityStageFields } from "./opportunity-stage-body.js";

export const createOpportunityStage = defineOperation({
  operationId: "createOpportunityStage",
  method: "post",
  path: "/v1/opportunity-types/{type_uuid}/stages",
  area: "Opportunity",
  summary: "Create a stage",
  description:
    `Adds a stage at the end of the type's PARENT or CHILD pipeline (reorder with PUT .../stages/order). CHILD stages need a type with subopportunities_enabled. 409 when the pipeline has a stage of that name (case aside) or ${MAX_PIPELINE_STAGES} stages. Administrators only (403 for members); 404 when the type is not in the tenant.`,
  params: z.object({ type_uuid: uuidString("The opportunity type's UUID.") }),
  body: z
    .object({
      name: opportunityStageFields.name,
      stage_type: z.enum(STAGE_TYPES).default("PARENT").describe("PARENT (default) or CHILD (a sub-opportunity stage)."),
      color: opportunityStageFields.color.optional(),
      percentage: opportunityStageFields.percentage.optional().describe("Default probability (0-100); default 0."),
      is_hidden: opportunityStageFields.is_hidden.optional(),
    })
    .strict(),
  successStatus: 201,
  response: opportunityStageSchema,
  errors: [404, 409],
  example: { body: { name: "Due diligence", percentage: 40, color: "#3b82f6" } },
  onlyAdministratorsMay: "change pipelines",
  async handler({ params, body, auth, services }) {
    const { store } = services;
    const type = await store.opportunityTypes.get(auth.tenant.uuid, params.type_uuid);
    if (!type) throw notFound(`opportunity type ${params.type_uuid} not found`);
    if (body.stage_type === "CHILD" && !type.subopportunities_enabled) {
      throw badRequestChildStages(type.label);
    }
    const stage = await store.opportunityStages.create({ tenant_uuid: auth.tenant.uuid, type_uuid: type.uuid, ...body });
    return presentOpportunityStage(stage);
  },
});

function badRequestChildStages(label: string) {
  return new ApiError(400, `the type '${label}' does not enable sub-opportunities: set subopportunities_enabled first`);
}
