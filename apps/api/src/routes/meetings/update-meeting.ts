/** PUT /v1/meetings/{meeting_uuid}: change a meeting; only the fields sent are written. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { badRequest, notFound } from "../../platform/errors/api-error.js";
import { meetingSchema, presentMeeting } from "../../presenters/meeting-presenter.js";
import { meetingPathParameters } from "./get-meeting.js";
import { meetingFields } from "./meeting-body.js";

export const updateMeeting = defineOperation({
  operationId: "updateMeeting",
  method: "put",
  path: "/v1/meetings/{meeting_uuid}",
  area: "Meetings",
  summary: "Update a meeting",
  description:
    "Changes a meeting: only the fields present are written; attendees, when present, replace the whole list. Set status to cancelled to cancel: the meeting stops counting as an interaction and as a next meeting at once.",
  params: meetingPathParameters,
  body: z
    .object(Object.fromEntries(Object.entries(meetingFields).map(([name, schema]) => [name, schema.optional()])) as {
      [Name in keyof typeof meetingFields]: z.ZodOptional<(typeof meetingFields)[Name]>;
    })
    .strict()
    .refine((value) => Object.keys(value).length > 0, "send at least one field to change"),
  response: meetingSchema,
  errors: [404],
  idempotent: true,
  example: { body: { status: "cancelled" } },
  async handler({ params, body, auth, services }) {
    const current = await services.store.meetings.get(auth.tenant.uuid, params.meeting_uuid);
    if (!current) throw notFound(`meeting ${params.meeting_uuid} not found`);
    const startsAt = body.starts_at ?? current.starts_at;
    const endsAt = body.ends_at === undefined ? current.ends_at : body.ends_at;
    if (endsAt !== null && endsAt < startsAt) throw badRequest("ends_at must not be before starts_at");
    const meeting = await services.store.meetings.update(auth.tenant.uuid, params.meeting_uuid, body);
    if (!meeting) throw notFound(`meeting ${params.meeting_uuid} not found`);
    return presentMeeting(meeting);
  },
});
