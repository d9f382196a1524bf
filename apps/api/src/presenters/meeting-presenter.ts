/** The meeting as the API shows it. */
import { ATTENDEE_RESPONSES, MEETING_STATUSES, type Meeting } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const meetingSchema = z
  .object({
    uuid: z.string(),
    title: z.string(),
    starts_at: epochMilliseconds("Start."),
    ends_at: z.number().int().nullable().describe("End, Unix epoch milliseconds."),
    status: z.enum(MEETING_STATUSES).describe("Cancelled meetings count as no interaction and never as a next meeting."),
    organizer_person_uuid: z.string().nullable(),
    attendees: z.array(
      z.object({
        person_uuid: z.string(),
        response: z.enum(ATTENDEE_RESPONSES).describe("Declined attendees do not count as having met."),
      }),
    ),
    location: z.string().nullable(),
    external_id: z.string().nullable().describe("The calendar's own id (e.g. iCalendar UID), if given."),
    created_by_user_uuid: z.string().nullable(),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds("Last change."),
  })
  .describe("A calendar meeting between persons.");

export function presentMeeting(meeting: Meeting): z.input<typeof meetingSchema> {
  return {
    uuid: meeting.uuid,
    title: meeting.title,
    starts_at: meeting.starts_at,
    ends_at: meeting.ends_at,
    status: meeting.status,
    organizer_person_uuid: meeting.organizer_person_uuid,
    attendees: meeting.attendees,
    location: meeting.location,
    external_id: meeting.external_id,
    created_by_user_uuid: meeting.created_by_user_uuid,
    created_at: meeting.created_at,
    updated_at: meeting.updated_at,
  };
}
