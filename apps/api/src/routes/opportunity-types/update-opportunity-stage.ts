/** PATCH /v1/opportunity-types/{type_uuid}/stages/{stage_uuid}: changes a stage (administrators). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityStageSchema, presentOpportunityStage } from "../../presenters/opportunity-type-presenter.js";
import { opportunityStageFields } from "./opportunity-stage-body.js";

export const updateOpportunityStage = defineOperation({
  operationId: "updateOpportunityStage",
  method: "patch",
  path: "/v1/opportunity-types/{type_uuid}/stages/{stage_uuid}",
  area: "Opportunity",
  summary: "Update a stage",
  description:
    "Writes only the fields present in the body. A stage keeps its type and stage_type; 409 for a name another stage of the pipeline has (case aside). Administrators only (403 for members); 404 when the stage is not a stage of that type in the tenant.",
  params: z.object({
    type_uuid: uuidString("The opportunity type's UUID."),
    stage_uuid: uuidString("The stage's UUID."),
  }),
  body: z.object(opportunityStageFields).partial().strict(),
  response: opportunityStageSchema,
  errors: [404, 409],
  example: { body: { name: "Term sheet", percentage: 60 } },
  onlyAdministratorsMay: "change pipelines",
  async handler({ params, body, auth, services }) {
    const { store } = services;
    const stage = await store.opportunityStages.get(auth.tenant.uuid, params.stage_uuid);
    if (!stage || stage.type_uuid !== params.type_uuid) {
      throw notFound(`stage ${params.stage_uuid} of opportunity type ${params.type_uuid} not found`);
    }
    const updated = await store.opportunityStages.update(auth.tenant.uuid, stage.uuid, body);
    return presentOpportunityStage(updated!);
  },
});
