/** GET /v1/companies/{company_uuid}/activity: emails and meetings of the company's people while they were at it, newest first. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { activityItemSchema, presentActivityItem } from "../../presenters/activity-presenter.js";
import { occurredRange, occurredRangeListQuery } from "./occurred-range-query.js";
import { companyNotFound } from "../companies/company-not-found.js";

export const listCompanyActivity = defineOperation({
  operationId: "listCompanyActivity",
  method: "get",
  path: "/v1/companies/{company_uuid}/activity",
  area: "Activity",
  summary: "List a company's activity",
  description:
    "Emails and confirmed meetings involving anyone while they were at the company (past and current people, each within their tenures' started_on and ended_on), newest first, metadata only; occurred_after/occurred_before keep a period. Page by page, or follow next_cursor: a cursor scan neither repeats nor skips an item while new ones arrive. 404 when the company is not in the tenant.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  query: occurredRangeListQuery,
  response: listEnvelopeSchema(activityItemSchema),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const range = occurredRange(query);
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    const spans = await services.store.affiliations.tenureSpans(auth.tenant.uuid, company.uuid);
    return listPage({
      paging: query,
      query: { operation: "listCompanyActivity", tenant: auth.tenant.uuid, company: company.uuid, ...range },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.interactions.spanTimeline(auth.tenant.uuid, spans, { ...request, ...range }),
      present: (items) => items.map(presentActivityItem),
    });
  },
});
