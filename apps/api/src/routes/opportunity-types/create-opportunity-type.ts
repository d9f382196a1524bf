/** POST /v1/opportunity-types: a new opportunity type (administrators). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { opportunityTypeSchema, presentOpportunityType } from "../../presenters/opportunity-type-presenter.js";
import { opportunityTypeFields } from "./opportunity-type-body.js";

export const createOpportunityType = defineOperation({
  operationId: "createOpportunityType",
  method: "post",
  path: "/v1/opportunity-types",
  area: "Opportunity",
  summary: "Create an opportunity type",
  description:
    "Creates an opportunity type (a pipeline); add its stages next with POST /v1/opportunity-types/{type_uuid}/stages. Administrators only (403 for members).",
  body: z
    .object({
      label: opportunityTypeFields.label,
      label_plural: opportunityTypeFields.label_plural.optional(),
      sub_label: opportunityTypeFields.sub_label.optional(),
      sub_label_plural: opportunityTypeFields.sub_label_plural.optional(),
      description: opportunityTypeFields.description.optional(),
      is_hidden: opportunityTypeFields.is_hidden.optional(),
      subopportunities_enabled: opportunityTypeFields.subopportunities_enabled.optional(),
      pinning_config: opportunityTypeFields.pinning_config.optional(),
    })
    .strict(),
  successStatus: 201,
  response: opportunityTypeSchema,
  example: { body: { label: "Deal", subopportunities_enabled: true, pinning_config: { company_required: true } } },
  onlyAdministratorsMay: "create opportunity types",
  async handler({ body, auth, services }) {
    const type = await services.store.opportunityTypes.create({ tenant_uuid: auth.tenant.uuid, ...body });
    return presentOpportunityType(type);
  },
});
