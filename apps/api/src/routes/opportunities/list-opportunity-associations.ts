/** GET /v1/opportunities/{opportunity_uuid}/associations: everything linked to an opportunity. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { opportunityAssociationSchema, presentOpportunityAssociation } from "../../presenters/association-presenter.js";
import { opportunityPathParams } from "./get-opportunity.js";

export const listOpportunityAssociations = defineOperation({
  operationId: "listOpportunityAssociations",
  method: "get",
  path: "/v1/opportunities/{opportunity_uuid}/associations",
  area: "Opportunity",
  summary: "List an opportunity's associations",
  description:
    "Lists the records linked to the opportunity, from either side (a note linked to it appears here too), oldest first, with persons and companies filled in. Links to another user's PERSONAL tasks are left out. 404 when the opportunity is not in the tenant.",
  params: opportunityPathParams,
  response: z.object({ items: z.array(opportunityAssociationSchema), total: z.number().int().describe("Number of items.") }),
  errors: [404],
  async handler({ params, auth, services }) {
    const opportunity = await services.store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!opportunity) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    return { items: opportunity.associations.map(presentOpportunityAssociation), total: opportunity.associations.length };
  },
});
