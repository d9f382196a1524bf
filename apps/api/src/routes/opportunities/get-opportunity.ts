/** GET /v1/opportunities/{opportunity_uuid}: one opportunity with custom_field_mapping. */
import type { Opportunity } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { opportunityDetailSchema, presentOpportunityDetail } from "./opportunity-detail.js";

export const opportunityPathParams = z.object({ opportunity_uuid: uuidString("The opportunity's UUID.") });

/**
 * What a write of the opportunity can change, for its entity tag's record part: the record without the fields that
 * move with the clock (days_in_stage) or with other records (activity times, counts, children, search text), so a
 * day passing or a note added does not refuse a write conditional on what was read.
 */
function writtenStateOf(opportunity: Opportunity) {
  const {
    days_in_stage: _days,
    last_activity_at: _activity,
    company_last_activity_at: _companyActivity,
    person_last_activity_at: _personActivity,
    notes_and_files_count: _count,
    children_metadata: _children,
    search_string: _search,
    ...written
  } = opportunity;
  return written;
}

export const getOpportunity = defineOperation({
  operationId: "getOpportunity",
  method: "get",
  path: "/v1/opportunities/{opportunity_uuid}",
  area: "Opportunity",
  summary: "Get an opportunity",
  description: "Reads one opportunity with its associations, children sums and custom_field_mapping. 404 when it is not in the tenant.",
  params: opportunityPathParams,
  response: opportunityDetailSchema,
  errors: [404],
  taggedRecord: ({ params, auth, services }) => services.store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth)),
  taggedState: writtenStateOf,
  async handler({ params, auth, services }) {
    const opportunity = await services.store.opportunities.get(auth.tenant.uuid, params.opportunity_uuid, viewerOf(auth));
    if (!opportunity) throw notFound(`opportunity ${params.opportunity_uuid} not found`);
    return presentOpportunityDetail(services, auth.tenant.uuid, opportunity);
  },
});
