/** GET /v1/meetings/{meeting_uuid}. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { meetingSchema, presentMeeting } from "../../presenters/meeting-presenter.js";

export const meetingPathParameters = z.object({ meeting_uuid: uuidString("The meeting's UUID.") });

export const getMeeting = defineOperation({
  operationId: "getMeeting",
  method: "get",
  path: "/v1/meetings/{meeting_uuid}",
  area: "Meetings",
  summary: "Get a meeting",
  description: "Reads one meeting with its attendees. 404 when it is not in the tenant or was deleted.",
  params: meetingPathParameters,
  response: meetingSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const meeting = await services.store.meetings.get(auth.tenant.uuid, params.meeting_uuid);
    if (!meeting) throw notFound(`meeting ${params.meeting_uuid} not found`);
    return presentMeeting(meeting);
  },
});
