/** GET /v1/persons: persons with derived fields; filter by uuids or modified_since; page or cursor. */
import { PERSON_SORT_FIELDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { isoTimestampQuery, uuidListQuery } from "../../platform/request/common-schemas.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";

export const listPersons = defineOperation({
  operationId: "listPersons",
  method: "get",
  path: "/v1/persons",
  area: "Person",
  summary: "List persons",
  description:
    "Lists the tenant's persons with their derived relationship fields. Poll with modified_since to detect changes to the records (their fields, emails, affiliations, merges, internal status); new emails and meetings change the derived fields without moving service_updated_at. Scan large sets with cursor pagination: every response carries next_cursor, so a scan may start with page and continue with cursors.",
  query: cursorListQuery.extend({
    uuids: uuidListQuery("Only these persons (to hydrate entity-list members).").optional(),
    modified_since: isoTimestampQuery("Only persons whose service_updated_at is at or after this instant.").optional(),
    sort_by: z
      .enum(PERSON_SORT_FIELDS)
      .default("service_updated_at")
      .describe("Sort column; ties are broken by uuid. Default service_updated_at."),
    order: sortOrderParameter("asc"),
  }),
  response: listEnvelopeSchema(personSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, uuids, modified_since, sort_by, order } = query;
    const filters = { uuids, modified_since };
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listPersons", tenant: auth.tenant.uuid, filters, sort_by, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.persons.list(auth.tenant.uuid, { ...request, filters, sort_by, order }),
      present: (persons) => presentPersons(services, auth, persons),
    });
  },
});
