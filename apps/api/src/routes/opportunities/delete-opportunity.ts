/** DELETE /v1/opportunities/{opportunity_uuid}: removes an opportunity with its sub-opportunities. */
import type { Opportunity } from "@rapport/store";
import { defineOperation } from "../../operations/operation.js";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { forbidden, notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";
import { opportunityPathParams } from "./get-opportunity.js";
import { assertMayModifyOpportunity, mayModifyOpportunity } from "./opportunity-detail.js";

const CHILDREN_PAGE = 200;

/**
 * The deletion takes the sub-opportunities along, so a member may delete only a parent whose sub-opportunities it may
 * delete too (spec, Roles: a member deletes the records it owns): another member's tranche under its deal is a 403.
 */
async function assertMayDeleteSubOpportunities(services: AppServices, auth: AuthContext, parent: Opportunity): Promise<void> {
  if (auth.isAdministrator || parent.children_metadata.count === 0) return;
  for (let offset = 0; ; offset += CHILDREN_PAGE) {
    const page = await services.store.opportunities.list(auth.tenant.uuid, {
      position: { kind: "offset", offset },
      limit: CHILDREN_PAGE,
      filters: { parent_uuid: parent.uuid },
      order: "asc",
      viewer: viewerOf(auth),
    });
    const foreign = page.rows.find((child) => !mayModifyOpportunity(auth, child));
    if (foreign) {
      throw forbidden(
        `sub-opportunity ${foreign.uuid} ('${foreign.name}') is another user's and would be deleted with this opportunity: only its owner, its creator or an administrator may delete it`,
      );
    }
    if (!page.hasMore) return;
  }
}

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
  async handler({ params, auth, services }) {
    const { store } = services;
    const current = await store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!current) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    assertMayModifyOpportunity(auth, current);
    await assertMayDeleteSubOpportunities(services, auth, current);
    await store.opportunities.delete(auth.tenant.uuid, current.uuid);
    return undefined;
  },
});
