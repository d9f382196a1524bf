/** An email as the API shows it: headers, participants as persons, whether a body is kept (and the body when asked). */
import { EMAIL_PARTICIPANT_ROLES, type StoredEmail } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const emailSchema = z
  .object({
    uuid: z.string(),
    message_id: z.string().describe("The message's Message-ID."),
    subject: z.string().nullable(),
    sent_at: epochMilliseconds("When it was sent."),
    participants: z
      .array(
        z.object({
          person_uuid: z.string(),
          role: z.enum(EMAIL_PARTICIPANT_ROLES).describe("from, to or cc; a person in two roles is listed twice."),
        }),
      )
      .describe("Sender, recipients, copies, as persons (no address or display name is kept per email)."),
    has_body: z.boolean().describe("True when an import kept the body (include_body=true reads it)."),
    body: z.string().nullable().optional().describe("Only with include_body=true: the kept plain text, or null."),
    recorded_at: epochMilliseconds("When Rapport recorded it."),
  })
  .describe("An email's metadata.");

export function presentEmail(email: StoredEmail): z.input<typeof emailSchema> {
  return {
    uuid: email.uuid,
    message_id: email.message_id,
    subject: email.subject,
    sent_at: email.sent_at,
    participants: email.participants.map(({ person_uuid, role }) => ({ person_uuid, role })),
    has_body: email.has_body,
    recorded_at: email.recorded_at,
  };
}
