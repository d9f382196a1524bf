/** Loading a meeting for a change: 404 when missing, 403 for a member who neither created nor organizes it. */
import type { Meeting } from "@rapport/store";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { forbidden, notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * A member owns the meetings it created (by `POST /v1/meetings` or its own calendar import) and those its own
 * person organizes; administrators and tenant-wide calls change any. Others get 403: the meeting is readable by
 * every member, so the answer reveals nothing.
 */
export function mayChangeMeeting(auth: AuthContext, meeting: Meeting): boolean {
  if (auth.isAdministrator) return true;
  if (auth.user === null) return false;
  return meeting.created_by_user_uuid === auth.user.uuid || meeting.organizer_person_uuid === auth.user.person_uuid;
}

export async function loadMeetingForChange(services: AppServices, auth: AuthContext, meetingUuid: string): Promise<Meeting> {
  const meeting = await services.store.meetings.get(auth.tenant.uuid, meetingUuid);
  if (!meeting) throw notFound(`meeting ${meetingUuid} not found`);
  if (!mayChangeMeeting(auth, meeting)) {
    throw forbidden("only the meeting's creator, its organizer or an administrator may change or delete it");
  }
  return meeting;
}
