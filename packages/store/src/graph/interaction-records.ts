/** The graph's view of a stored email or meeting, built from the record a write just committed. */
import type { Email, InteractionRecord, Meeting } from "../activity-records.js";

export function emailInteraction(email: Email): InteractionRecord {
  return {
    id: email.uuid,
    kind: "email",
    occurred_at: email.sent_at,
    initiator_person_uuid: email.from_person_uuid,
    participant_person_uuids: [...email.to_person_uuids, ...email.cc_person_uuids],
    status: "confirmed",
    title: email.subject,
  };
}

/**
 * Accepting attendees other than the organizer take part; declined ones do not, the organizer included (only a merge
 * makes an organizer's attendance declined: the canonical person's declined row is the one kept).
 */
export function meetingInteraction(meeting: Meeting): InteractionRecord {
  const organizerDeclined = meeting.attendees.some((attendee) => attendee.person_uuid === meeting.organizer_person_uuid && attendee.response === "declined");
  return {
    id: meeting.uuid,
    kind: "meeting",
    occurred_at: meeting.starts_at,
    initiator_person_uuid: organizerDeclined ? null : meeting.organizer_person_uuid,
    participant_person_uuids: meeting.attendees
      .filter((attendee) => attendee.response !== "declined" && attendee.person_uuid !== meeting.organizer_person_uuid)
      .map((attendee) => attendee.person_uuid),
    status: meeting.status,
    title: meeting.title,
  };
}
