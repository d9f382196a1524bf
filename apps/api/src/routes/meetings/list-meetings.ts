/** GET /v1/meetings: meetings, filterable by person, time range and change time. */
import { MEETING_SORT_FIELDS, MEETING_STATUSES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidListQuery, uuidString } from "../../platform/request/common-schemas.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { meetingSchema, presentMeeting } from "../../presenters/meeting-presenter.js";
import { refuseMergedAwayPersonFilter } from "../persons/merged-away-person-filter.js";
import { refuseUserUuidAsPersonFilter } from "../persons/user-uuid-person-filter.js";

export const listMeetings = defineOperation({
  operationId: "listMeetings",
  method: "get",
  path: "/v1/meetings",
  area: "Meetings",
  summary: "List meetings",
  description:
    "Lists meetings by start time (newest first by default) or by change time (sort_by=updated_at), optionally only those a person attends, within a time range, or changed since updated_after. A deleted meeting leaves the list: GET /v1/deletions lists it (entity_type MEETING). " +
    "With uuids, only those meetings: a sync following GET /v1/activity reads the meetings of a feed page (location, attendee responses, external_id) in one call.",
  query: cursorListQuery.extend({
    uuids: uuidListQuery("Only these meetings (the meeting items of an activity feed page). A deleted meeting is not listed.").optional(),
    person_uuid: uuidString("Only meetings this person attends (none for a person not in the tenant; 404 naming the person one was merged into).").optional(),
    starts_from: isoBoundQuery("Only meetings starting at or after this instant.", "start").optional(),
    starts_to: isoBoundQuery("Only meetings starting at or before this instant.", "end").optional(),
    status: z.enum(MEETING_STATUSES).optional().describe("Only meetings with this status."),
    updated_after: isoBoundQuery("Only meetings created or changed (edited, rescheduled, cancelled, attendees) at or after this instant.", "start").optional(),
    sort_by: z.enum(MEETING_SORT_FIELDS).default("starts_at").describe("The order's time (then uuid); updated_at with order=desc and per_page=1 gives a sync's watermark."),
    order: sortOrderParameter("desc"),
  }),
  response: listEnvelopeSchema(meetingSchema),
  errors: [404],
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, sort_by, order, ...filters } = query;
    refuseReversedRange("starts", filters.starts_from, filters.starts_to);
    await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    await refuseUserUuidAsPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listMeetings", tenant: auth.tenant.uuid, filters, sort_by, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.meetings.list(auth.tenant.uuid, { ...request, filters, sort_by, order }),
      present: (meetings) => meetings.map(presentMeeting),
    });
  },
});
