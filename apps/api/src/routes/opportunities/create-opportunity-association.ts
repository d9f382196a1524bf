/** POST /v1/opportunities/{opportunity_uuid}/associations: links a record to an opportunity, idempotently. */
import { defineOperation, reply } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { associationRecordSchema, presentAssociationRecord } from "../../presenters/association-presenter.js";
import { linkBodyWithContextSchema, linkRecords } from "../associations/link-records.js";
import { opportunityPathParams } from "./get-opportunity.js";
import { assertMayModifyOpportunity } from "./opportunity-detail.js";

export const createOpportunityAssociation = defineOperation({
  operationId: "createOpportunityAssociation",
  method: "post",
  path: "/v1/opportunities/{opportunity_uuid}/associations",
  area: "Opportunity",
  summary: "Associate a record with an opportunity",
  description:
    "Links a PERSON, COMPANY, NOTE, FILE, TASK or another OPPORTUNITY to the opportunity. Idempotent: when the two records are already linked (made from either side), the existing association is returned with status 200 and its original context; a new one answers 201. " +
    "404 when the opportunity or the target does not exist for the tenant (a PERSONAL task of another user does not); 403 for a member who neither owns nor created the opportunity.",
  // A tool result does not show a success's status, which is what tells a new link from an existing one here.
  mcpDescription:
    "Links a PERSON, COMPANY, NOTE, FILE, TASK or another OPPORTUNITY to the opportunity. Idempotent: when the two records are already linked (made from either side), the existing association is returned with its original context and created_at, so a created_at older than the call means the link already existed. " +
    "404 when the opportunity or the target does not exist for the tenant (a PERSONAL task of another user does not); 403 for a member who neither owns nor created the opportunity.",
  params: opportunityPathParams,
  body: linkBodyWithContextSchema("OPPORTUNITY"),
  successStatus: 201,
  otherSuccesses: { 200: "Linked already (from either side): the existing association, with its original context." },
  response: associationRecordSchema,
  errors: [403, 404],
  idempotent: true,
  example: { body: { entity_type: "PERSON", entity_uuid: "6f1c2a34-0000-4000-8000-000000000004", context: "champion" } },
  async handler({ params, body, auth, services }) {
    const opportunity = await services.store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!opportunity) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    assertMayModifyOpportunity(auth, opportunity);
    const result = await linkRecords(services, auth, { type: "OPPORTUNITY", uuid: opportunity.uuid }, body);
    return reply(result.created ? 201 : 200, presentAssociationRecord(result.link));
  },
});
