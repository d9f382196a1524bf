/** DELETE /v1/opportunities/{opportunity_uuid}/associations/{association_uuid}: unlinks a record. */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { associationUuidParameter } from "../associations/link-records.js";
import { opportunityPathParams } from "./get-opportunity.js";
import { assertMayModifyOpportunity } from "./opportunity-detail.js";

export const deleteOpportunityAssociation = defineOperation({
  operationId: "deleteOpportunityAssociation",
  method: "delete",
  path: "/v1/opportunities/{opportunity_uuid}/associations/{association_uuid}",
  area: "Opportunity",
  summary: "Remove an opportunity association",
  description:
    "Removes the link (the linked record stays). 400 when it is the last PERSON or COMPANY link that the type's pinning_config requires; 404 when the opportunity has no such association; 403 for a member who neither owns nor created the opportunity. 204 on success.",
  params: opportunityPathParams.extend({ association_uuid: associationUuidParameter }),
  successStatus: 204,
  errors: [403, 404],
  async handler({ params, auth, services }) {
    const { store } = services;
    const opportunity = await store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!opportunity) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    assertMayModifyOpportunity(auth, opportunity);
    // The store checks the owner again in the removal's transaction.
    if (!(await store.associations.unlink(auth.tenant.uuid, "OPPORTUNITY", opportunity.uuid, params.association_uuid, viewerOf(auth), memberWriteOf(auth)))) {
      throw notFound(`association ${params.association_uuid} of opportunity ${opportunity.uuid} not found`);
    }
    return undefined;
  },
});
