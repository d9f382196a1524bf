/** DELETE /v1/meetings/{meeting_uuid}: remove a meeting; it stops counting at once. */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { meetingPathParameters } from "./get-meeting.js";
import { loadMeetingForChange } from "./meeting-access.js";

export const deleteMeeting = defineOperation({
  operationId: "deleteMeeting",
  method: "delete",
  path: "/v1/meetings/{meeting_uuid}",
  area: "Meetings",
  summary: "Delete a meeting",
  description: "Deletes a meeting: it stops counting as an interaction and as a next meeting at once, and GET /v1/deletions lists it (entity_type MEETING). 204 on success, 404 when not found; 403 for a member who neither created nor organizes it.",
  params: meetingPathParameters,
  successStatus: 204,
  errors: [403, 404],
  async handler({ params, auth, services }) {
    await loadMeetingForChange(services, auth, params.meeting_uuid);
    // The store checks the caller's right again in the deletion's transaction.
    if (!(await services.store.meetings.delete(auth.tenant.uuid, params.meeting_uuid, memberWriteOf(auth)))) {
      throw notFound(`meeting ${params.meeting_uuid} not found`);
    }
    return undefined;
  },
});
