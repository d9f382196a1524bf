/** POST /v1/meetings: record a meeting. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { meetingSchema, presentMeeting } from "../../presenters/meeting-presenter.js";
import { meetingFields } from "./meeting-body.js";

export const createMeeting = defineOperation({
  operationId: "createMeeting",
  method: "post",
  path: "/v1/meetings",
  area: "Meetings",
  summary: "Create a meeting",
  description:
    "Records a meeting with its attendees (by person uuid or email; unknown addresses become persons). A confirmed meeting in the past counts as an interaction between every pair of accepting attendees; a future one is the attendees' next meeting. 400 when two attendees name the same person; 409 when another meeting of the tenant has the external_id.",
  body: z
    .object({
      ...meetingFields,
      ends_at: meetingFields.ends_at.optional(),
      status: meetingFields.status.optional(),
      organizer: meetingFields.organizer.optional(),
      location: meetingFields.location.optional(),
      external_id: meetingFields.external_id.optional(),
    })
    .strict(),
  successStatus: 201,
  response: meetingSchema,
  errors: [409],
  example: {
    body: {
      title: "Northwind intro call",
      starts_at: "2026-11-25T15:00:00Z",
      ends_at: "2026-11-25T15:30:00Z",
      attendees: ["avery@demo-capital.example", "jordan@northwind-robotics.example"],
    },
  },
  async handler({ body, auth, services }) {
    if (body.ends_at != null && body.ends_at < body.starts_at) throw badRequest("ends_at must not be before starts_at");
    const meeting = await services.store.meetings.create(
      auth.tenant.uuid,
      { ...body, created_by_user_uuid: auth.user?.uuid ?? null },
      { refuseRepeatedAttendees: true },
    );
    return presentMeeting(meeting);
  },
});
