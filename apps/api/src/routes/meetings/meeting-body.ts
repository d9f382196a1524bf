/** The writable fields of a meeting, shared by create and update. */
import { z } from "zod";
import { instantField, participantField } from "../../platform/request/body-schemas.js";

export const attendeeField = z
  .union([
    participantField,
    z
      .object({
        person_uuid: z.string().optional(),
        email: z.string().max(320).optional(),
        name: z.string().max(200).optional(),
        response: z.enum(["accepted", "declined"]).describe("Default accepted."),
      })
      .strict()
      .refine((value) => Boolean(value.person_uuid) !== Boolean(value.email), "give exactly one of person_uuid or email"),
  ])
  .describe("An attendee: an email address, or {person_uuid | email, name?, response?}.");

export const meetingFields = {
  title: z.string().trim().min(1).max(500).describe("Title."),
  starts_at: instantField("Start."),
  ends_at: instantField("End.").nullable(),
  status: z.enum(["confirmed", "cancelled"]).describe("Default confirmed. Cancelled meetings stop counting at once."),
  organizer: participantField.nullable().describe("The organizer (counts as an attendee)."),
  attendees: z.array(attendeeField).max(500).describe("Attendees; on update the list replaces the stored one."),
  location: z.string().max(500).nullable(),
  external_id: z.string().max(500).nullable().describe("The calendar's own id, e.g. an iCalendar UID."),
};
