/** The writable fields of a meeting, shared by create and update. */
import { ATTENDEE_RESPONSES, MEETING_STATUSES } from "@rapport/store";
import { z } from "zod";
import { instantField, NAMES_ONE_PERSON, namesOnePerson, participantAddress, participantField, participantList, participantObjectFields, withMailboxEmail } from "../../platform/request/body-schemas.js";
import { MAX_MEETING_ATTENDEES } from "../../platform/request/count-limits.js";
import { MAX_MEETING_TEXT_LENGTH } from "../../platform/request/field-limits.js";
import { nullableText, oneLine, requiredLine } from "../../platform/request/field-schemas.js";

/** An attendee: a participant, optionally with their answer (the same checks as an email's participants). */
export const attendeeField = z
  .union([
    participantAddress,
    z
      .object({ ...participantObjectFields, response: z.enum(ATTENDEE_RESPONSES).optional().describe("Default accepted.") })
      .strict()
      .refine(namesOnePerson, NAMES_ONE_PERSON)
      .transform(withMailboxEmail),
  ])
  .describe("An attendee: an address ('Name <address>' too), or {person_uuid | email, name?, response?}.");

export const meetingFields = {
  title: requiredLine(MAX_MEETING_TEXT_LENGTH).describe("Title."),
  starts_at: instantField("Start."),
  ends_at: instantField("End.").nullable(),
  status: z.enum(MEETING_STATUSES).describe("Default confirmed. Cancelled meetings stop counting at once."),
  organizer: participantField.nullable().describe("The organizer (counts as an attendee)."),
  attendees: participantList(attendeeField, MAX_MEETING_ATTENDEES).describe("Attendees (an array, or one string of addresses); on update the list replaces the stored one."),
  location: nullableText("Where it takes place; trimmed, and blank means null.", MAX_MEETING_TEXT_LENGTH),
  // Blank is none: stored, "" was a key, and every other meeting sent with "" a 409. Any other id stays as sent.
  external_id: z
    .string()
    .max(MAX_MEETING_TEXT_LENGTH, `at most ${MAX_MEETING_TEXT_LENGTH} characters`)
    .superRefine(oneLine)
    .transform((id) => (id.trim() === "" ? null : id))
    .nullable()
    .describe("The calendar's own id, e.g. an iCalendar UID; one live meeting's per tenant (409 otherwise)."),
};
