/** GET /v1/opportunity-custom-fields: the custom field definitions of opportunities. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { customFieldSchema, presentCustomField } from "../../presenters/opportunity-type-presenter.js";

export const listOpportunityCustomFields = defineOperation({
  operationId: "listOpportunityCustomFields",
  method: "get",
  path: "/v1/opportunity-custom-fields",
  area: "Opportunity",
  summary: "List opportunity custom fields",
  description: "Lists the custom fields opportunities may carry, in creation order (the same list as custom_field_mapping.fields).",
  response: z.object({ items: z.array(customFieldSchema), total: z.number().int().describe("Number of items.") }),
  async handler({ auth, services }) {
    const fields = await services.store.opportunityCustomFields.list(auth.tenant.uuid);
    return { items: fields.map(presentCustomField), total: fields.length };
  },
});
