/** PUT /v1/meetings/{meeting_uuid}: change a meeting; only the fields sent are written. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { meetingSchema, presentMeeting } from "../../presenters/meeting-presenter.js";
import { loadMeetingForChange } from "./meeting-access.js";
import { meetingPathParameters } from "./get-meeting.js";
import { meetingFields } from "./meeting-body.js";

export const updateMeeting = defineOperation({
  operationId: "updateMeeting",
  method: "put",
  path: "/v1/meetings/{meeting_uuid}",
  area: "Meetings",
  summary: "Update a meeting",
  description:
    "Changes a meeting: only the fields present are written; attendees, when present, replace the whole list (400 when two name the same person); a new organizer without attendees replaces the old one on the list. Set status to cancelled to cancel: the meeting stops counting as an interaction and as a next meeting at once. 409 when another meeting of the tenant has the external_id it sets.",
  params: meetingPathParameters,
  body: z
    .object(Object.fromEntries(Object.entries(meetingFields).map(([name, schema]) => [name, schema.optional()])) as {
      [Name in keyof typeof meetingFields]: z.ZodOptional<(typeof meetingFields)[Name]>;
    })
    .strict()
    .refine((value) => Object.keys(value).length > 0, "send at least one field to change"),
  response: meetingSchema,
  errors: [403, 404, 409],
  idempotent: true,
  example: { body: { status: "cancelled" } },
  async handler({ params, body, auth, services }) {
    await loadMeetingForChange(services, auth, params.meeting_uuid);
    // The store checks that the meeting does not end before it starts, and the caller's right to change it, against the
    // meeting as its write reads it.
    const meeting = await services.store.meetings.update(auth.tenant.uuid, params.meeting_uuid, body, { refuseRepeatedAttendees: true, ...memberWriteOf(auth) });
    if (!meeting) throw notFound(`meeting ${params.meeting_uuid} not found`);
    return presentMeeting(meeting);
  },
});
