/** GET /v1/opportunity-types: the tenant's opportunity types (hidden ones on request). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { booleanQuery } from "../../platform/request/common-schemas.js";
import { opportunityTypeSchema, presentOpportunityType } from "../../presenters/opportunity-type-presenter.js";

export const listOpportunityTypes = defineOperation({
  operationId: "listOpportunityTypes",
  method: "get",
  path: "/v1/opportunity-types",
  area: "Opportunity",
  summary: "List opportunity types",
  description:
    "Lists the tenant's opportunity types in creation order. Types hidden from the UI are left out unless include_hidden=true. Use a type's uuid to create opportunities and to list its stages.",
  query: z.object({
    include_hidden: booleanQuery("Also list hidden types. Default false: only user-selectable types.").default(false),
  }),
  response: z.object({
    items: z.array(opportunityTypeSchema),
    total: z.number().int().describe("Number of items."),
  }),
  async handler({ query, auth, services }) {
    const types = await services.store.opportunityTypes.list(auth.tenant.uuid, { include_hidden: query.include_hidden });
    return { items: types.map(presentOpportunityType), total: types.length };
  },
});
