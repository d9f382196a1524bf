/** POST /v1/opportunities: a new opportunity or sub-opportunity, with its associations. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_ASSOCIATIONS_ON_CREATE } from "../../platform/request/count-limits.js";
import { associationInput, opportunityWriteFields, refuseRelinkedWithOtherContext } from "./opportunity-body.js";
import { opportunityDetailSchema, presentOpportunityDetail } from "./opportunity-detail.js";

export const createOpportunity = defineOperation({
  operationId: "createOpportunity",
  method: "post",
  path: "/v1/opportunities",
  area: "Opportunity",
  summary: "Create an opportunity",
  description:
    "Creates an opportunity of a type, in a PARENT stage of that type, or a sub-opportunity (parent_uuid; its type is the parent's, its stage a CHILD stage, and the type must enable sub-opportunities). " +
    "associations must include what the type's pinning_config requires (a PERSON and/or a COMPANY). The owner defaults to the calling user. " +
    "400 for an unknown type, stage, parent, owner, intro person or association target, a stage of another type or level, or a bad custom field value.",
  body: z
    .object({
      ...opportunityWriteFields,
      type_uuid: uuidString("The opportunity type (GET /v1/opportunity-types). Required unless parent_uuid is given.").optional(),
      stage_uuid: uuidString("A stage of the type: PARENT for a top-level opportunity, CHILD for a sub-opportunity."),
      parent_uuid: uuidString("Make this a sub-opportunity of that top-level opportunity.").optional(),
      details: opportunityWriteFields.details.optional(),
      next_step: opportunityWriteFields.next_step.optional(),
      value: opportunityWriteFields.value.optional(),
      probability: opportunityWriteFields.probability.optional(),
      owner_user_uuid: opportunityWriteFields.owner_user_uuid.optional(),
      intro_person_uuid: opportunityWriteFields.intro_person_uuid.optional(),
      source_date: opportunityWriteFields.source_date.optional(),
      intro_date: opportunityWriteFields.intro_date.optional(),
      close_date: opportunityWriteFields.close_date.optional(),
      custom_fields: opportunityWriteFields.custom_fields.optional(),
      associations: z
        .array(associationInput)
        .max(MAX_ASSOCIATIONS_ON_CREATE)
        .superRefine(refuseRelinkedWithOtherContext)
        .optional()
        .describe(`Records to associate from the start (at most ${MAX_ASSOCIATIONS_ON_CREATE}).`),
    })
    .strict(),
  successStatus: 201,
  response: opportunityDetailSchema,
  example: {
    body: {
      name: "Acme Robotics Series A",
      type_uuid: "6f1c2a34-0000-4000-8000-000000000001",
      stage_uuid: "6f1c2a34-0000-4000-8000-000000000002",
      value: 2_500_000,
      probability: 40,
      close_date: "2027-03-31",
      associations: [{ entity_type: "COMPANY", entity_uuid: "6f1c2a34-0000-4000-8000-000000000003", context: "target" }],
    },
  },
  async handler({ body, auth, services }) {
    const { associations, owner_user_uuid, ...fields } = body;
    const opportunity = await services.store.opportunities.create(
      {
        tenant_uuid: auth.tenant.uuid,
        ...fields,
        owner_user_uuid: owner_user_uuid === undefined ? (auth.user?.uuid ?? null) : owner_user_uuid,
        associations: associations?.map((association) => ({ ...association, context: association.context ?? null })),
        actor_user_uuid: auth.user?.uuid ?? null,
      },
      viewerOf(auth),
    );
    return presentOpportunityDetail(services, auth.tenant.uuid, opportunity);
  },
});
