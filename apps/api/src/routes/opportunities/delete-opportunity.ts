/** DELETE /v1/opportunities/{opportunity_uuid}: removes an opportunity with its sub-opportunities. */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { getOpportunity, opportunityPathParams } from "./get-opportunity.js";
import { assertMayModifyOpportunity } from "./opportunity-detail.js";

export const deleteOpportunity = defineOperation({
  operationId: "deleteOpportunity",
  method: "delete",
  path: "/v1/opportunities/{opportunity_uuid}",
  area: "Opportunity",
  summary: "Delete an opportunity",
  description:
    "Deletes the opportunity, its sub-opportunities, and every association of them (the associated records stay). 204; 404 when it is not in the tenant; 403 for a member who neither owns nor created it or one of its sub-opportunities.",
  params: opportunityPathParams,
  successStatus: 204,
  errors: [403, 404],
  conditionalOn: getOpportunity,
  async handler({ params, auth, services, ifMatch }) {
    const { store } = services;
    const viewer = viewerOf(auth);
    const current = await store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewer);
    if (!current) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    assertMayModifyOpportunity(auth, current);
    // The deletion takes the sub-opportunities along, so a member may delete only a parent whose sub-opportunities it
    // may delete too (spec, Roles): the store refuses another user's (a ForbiddenError, 403) in the deletion's
    // transaction, where a colleague's tranche created since the read above is found too.
    if (!(await store.opportunities.delete(auth.tenant.uuid, current.uuid, { ...memberWriteOf(auth), precondition: ifMatch, viewer }))) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    return undefined;
  },
});
