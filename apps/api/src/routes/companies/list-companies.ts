/** GET /v1/companies: companies with derived fields; filters, page or cursor. */
import { COMPANY_SORT_FIELDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { isoTimestampQuery, uuidListQuery } from "../../platform/request/common-schemas.js";
import { companySchema, presentCompanies } from "../../presenters/company-presenter.js";

export const listCompanies = defineOperation({
  operationId: "listCompanies",
  method: "get",
  path: "/v1/companies",
  area: "Company",
  summary: "List companies",
  description:
    "Lists the tenant's companies with their derived relationship fields. Filters combine with AND. Poll with modified_since to detect changes; every response carries next_cursor for cursor scans.",
  query: cursorListQuery.extend({
    uuids: uuidListQuery("Only these companies (to hydrate entity-list members).").optional(),
    modified_since: isoTimestampQuery("Only companies whose service_updated_at is at or after this instant.").optional(),
    name: z.string().min(1).max(200).optional().describe("Case-insensitive substring of the company name."),
    sort_by: z
      .enum(COMPANY_SORT_FIELDS)
      .default("service_updated_at")
      .describe("Sort column; ties are broken by uuid. Default service_updated_at."),
    order: sortOrderParameter("asc"),
  }),
  response: listEnvelopeSchema(companySchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, uuids, modified_since, name, sort_by, order } = query;
    const filters = { uuids, modified_since, name };
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listCompanies", tenant: auth.tenant.uuid, filters, sort_by, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.companies.list(auth.tenant.uuid, { ...request, filters, sort_by, order }),
      present: (companies) => presentCompanies(services, auth, companies),
    });
  },
});
