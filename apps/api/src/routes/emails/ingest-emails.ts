/** POST /v1/emails/batch: ingest up to 500 email headers; idempotent on message id; per-item results. */
import { ConflictError, InvalidInputError } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { instantField, participantField } from "../../platform/request/body-schemas.js";

export const MAX_EMAILS_PER_BATCH = 500;

const messageSchema = z
  .object({
    message_id: z.string().trim().min(1).max(998).describe("The message's Message-ID: re-sending the same id is recognized and not counted twice."),
    sent_at: instantField("When the message was sent."),
    subject: z.string().max(2_000).nullable().optional().describe("Subject line (kept as metadata)."),
    from: participantField.describe("The sender."),
    to: z.array(participantField).max(1_000).default([]).describe("Recipients."),
    cc: z.array(participantField).max(1_000).default([]).describe("Copied recipients."),
  })
  .strict();

const resultSchema = z.object({
  index: z.number().int().describe("Position of the item in the request."),
  message_id: z.string().nullable(),
  status: z.enum(["CREATED", "DUPLICATE", "ERROR"]).describe("CREATED: stored; DUPLICATE: already known, unchanged; ERROR: not stored, see error."),
  email_uuid: z.string().nullable(),
  from_person_uuid: z.string().nullable(),
  participant_person_uuids: z.array(z.string()).describe("Recipients resolved to persons (to, then cc)."),
  error: z.string().nullable(),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "item"}: ${issue.message}` : "invalid item";
}

export const ingestEmails = defineOperation({
  operationId: "ingestEmails",
  method: "post",
  path: "/v1/emails/batch",
  area: "Activity",
  summary: "Ingest emails",
  description:
    "Records up to 500 email messages (headers only: message id, time, sender, recipients, subject). Participants are matched to persons by address, case-insensitively; unknown addresses become new persons, and a tenant user's address resolves to the user's own person. Idempotent on message_id. Each item succeeds or fails on its own; results are in input order.",
  body: z
    .object({
      messages: z.array(z.unknown()).min(1).max(MAX_EMAILS_PER_BATCH).describe(`The messages, 1 to ${MAX_EMAILS_PER_BATCH}.`),
    })
    .strict(),
  response: z.object({ results: z.array(resultSchema) }),
  idempotent: true,
  example: {
    body: {
      messages: [
        {
          message_id: "<CAF1234@mail.example>",
          sent_at: "2026-11-02T09:30:00Z",
          subject: "Intro: Jordan <> Avery",
          from: "avery@demo-capital.example",
          to: ["jordan@northwind-robotics.example"],
          cc: [],
        },
      ],
    },
  },
  async handler({ body, auth, services }) {
    const results: Array<z.input<typeof resultSchema>> = [];
    for (const [index, raw] of body.messages.entries()) {
      const parsed = messageSchema.safeParse(raw);
      const messageId = typeof (raw as { message_id?: unknown })?.message_id === "string" ? (raw as { message_id: string }).message_id : null;
      if (!parsed.success) {
        results.push({ index, message_id: messageId, status: "ERROR", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: firstIssue(parsed.error) });
        continue;
      }
      try {
        const { status, email } = await services.store.emails.ingest(auth.tenant.uuid, parsed.data);
        results.push({
          index,
          message_id: email.message_id,
          status,
          email_uuid: email.uuid,
          from_person_uuid: email.from_person_uuid,
          participant_person_uuids: [...email.to_person_uuids, ...email.cc_person_uuids],
          error: null,
        });
      } catch (error) {
        if (!(error instanceof InvalidInputError || error instanceof ConflictError)) throw error;
        results.push({ index, message_id: messageId, status: "ERROR", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: error.message });
      }
    }
    return { results };
  },
});
