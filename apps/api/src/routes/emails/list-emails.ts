/** GET /v1/emails: the tenant's emails by sent time, filterable by person, time range and uuids. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidListQuery, uuidString } from "../../platform/request/common-schemas.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { emailSchema, presentEmail } from "../../presenters/email-presenter.js";
import { refuseMergedAwayPersonFilter } from "../persons/merged-away-person-filter.js";
import { refuseUserUuidAsPersonFilter } from "../persons/user-uuid-person-filter.js";

export const listEmails = defineOperation({
  operationId: "listEmails",
  method: "get",
  path: "/v1/emails",
  area: "Activity",
  summary: "List emails",
  description:
    "Emails by sent time (newest first by default), metadata only; by person, time range or uuids (an activity feed page's). Merges and erasures that change them: GET /v1/activity.",
  query: cursorListQuery.extend({
    uuids: uuidListQuery("Only these emails.").optional(),
    person_uuid: uuidString("Only emails this person is on (none for a person not in the tenant; 404 naming the person one was merged into).").optional(),
    sent_from: isoBoundQuery("Only emails sent at or after this instant.", "start").optional(),
    sent_to: isoBoundQuery("Only emails sent at or before this instant.", "end").optional(),
    order: sortOrderParameter("desc"),
  }),
  response: listEnvelopeSchema(emailSchema),
  errors: [404],
  example: { query: { sent_from: "2026-11-01", per_page: "20" } },
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, order, ...filters } = query;
    refuseReversedRange("sent", filters.sent_from, filters.sent_to);
    await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    await refuseUserUuidAsPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listEmails", tenant: auth.tenant.uuid, filters, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.emails.list(auth.tenant.uuid, { ...request, filters, order }),
      present: (emails) => emails.map(presentEmail),
    });
  },
});
