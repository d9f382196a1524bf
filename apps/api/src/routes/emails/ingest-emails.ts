/** POST /v1/emails/batch: ingest up to MAX_EMAILS_PER_BATCH email headers; idempotent on message id; per-item results. */
import { EMAIL_INGEST_STATUSES } from "@rapport/store";
import { z } from "zod";
import { batchItem, itemError } from "../../operations/batch-item.js";
import { defineOperation } from "../../operations/operation.js";
import { instantField, participantField, participantList } from "../../platform/request/body-schemas.js";
import { MAX_EMAIL_RECIPIENTS } from "../../platform/request/count-limits.js";
import { MAX_MESSAGE_ID_LENGTH, MAX_SUBJECT_LENGTH } from "../../platform/request/field-limits.js";
import { nullableText, requiredLine } from "../../platform/request/field-schemas.js";

export const MAX_EMAILS_PER_BATCH = 500;

/**
 * The store's outcomes (CREATED: stored; DUPLICATE: already known), SKIPPED: not stored because a participant's
 * address was erased on a data subject's request, then ERROR: not stored.
 */
export const EMAIL_BATCH_STATUSES = [...EMAIL_INGEST_STATUSES, "SKIPPED", "ERROR"] as const;
export type EmailBatchStatus = (typeof EMAIL_BATCH_STATUSES)[number];

/** One message of a batch. */
export const messageSchema = z
  .object({
    message_id: requiredLine(MAX_MESSAGE_ID_LENGTH).describe("The message's Message-ID, with or without its angle brackets (one message either way): re-sending the same id is recognized and not counted twice."),
    sent_at: instantField("When the message was sent."),
    subject: nullableText("Subject line (kept as metadata); trimmed, and blank means null.", MAX_SUBJECT_LENGTH, "multi-line").optional(),
    from: participantField.describe("The sender."),
    to: participantList(participantField, MAX_EMAIL_RECIPIENTS).default([]).describe("Recipients: an array, or the To header's text."),
    cc: participantList(participantField, MAX_EMAIL_RECIPIENTS).default([]).describe("Copied recipients: an array, or the Cc header's text."),
  })
  .strict();

const resultSchema = z.object({
  index: z.number().int().describe("Position of the item in the request."),
  message_id: z.string().nullable(),
  status: z
    .enum(EMAIL_BATCH_STATUSES)
    .describe(
      "CREATED: stored; DUPLICATE: already known, unchanged; SKIPPED: not stored because its sender's address, or all but one of its persons' addresses, were erased on a data subject's request (error says which); ERROR: not stored, see error.",
    ),
  email_uuid: z.string().nullable(),
  from_person_uuid: z.string().nullable(),
  participant_person_uuids: z.array(z.string()).describe("Recipients resolved to persons: to, then cc, each by uuid."),
  error: z.string().nullable(),
});


export const ingestEmails = defineOperation({
  operationId: "ingestEmails",
  method: "post",
  path: "/v1/emails/batch",
  area: "Activity",
  summary: "Ingest emails",
  description:
    `Records up to ${MAX_EMAILS_PER_BATCH} email messages (headers only: message id, time, sender, recipients, subject). Participants are matched to persons by address, case-insensitively; unknown addresses become new persons, and a tenant user's address resolves to the user's own person. An address of a person erased on a data subject's request creates no one: that participant is left out, and a message it sent, or that names fewer than two persons without it, is SKIPPED. Idempotent on message_id. Each item succeeds or fails on its own; results are in input order.`,
  body: z
    .object({
      // batchItem: each message is validated alone (a bad one is an ERROR result), and its fields are documented.
      messages: z.array(batchItem(messageSchema)).min(1).max(MAX_EMAILS_PER_BATCH).describe(`The messages, 1 to ${MAX_EMAILS_PER_BATCH}.`),
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
  async handler({ body, auth, services, http }) {
    const results: Array<z.input<typeof resultSchema> | null> = body.messages.map(() => null);
    const valid: Array<{ index: number; message: z.output<typeof messageSchema> }> = [];
    const rawMessageId = (index: number) => {
      const item = body.messages[index]!;
      const raw = (item.ok ? item.input : item.sent) as { message_id?: unknown } | null;
      return typeof raw?.message_id === "string" ? raw.message_id : null;
    };
    for (const [index, item] of body.messages.entries()) {
      if (item.ok) {
        valid.push({ index, message: item.input });
        continue;
      }
      results[index] = { index, message_id: rawMessageId(index), status: "ERROR", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: itemError(item, http) };
    }
    // One store call for the whole batch: one transaction, each item standing alone.
    const ingested = valid.length === 0 ? [] : await services.store.emails.ingestMany(auth.tenant.uuid, valid.map(({ message }) => message));
    ingested.forEach((outcome, position) => {
      const { index } = valid[position]!;
      results[index] =
        outcome.status === "ERROR"
          ? { index, message_id: rawMessageId(index), status: "ERROR", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: outcome.error.message }
          : outcome.status === "SKIPPED"
            ? { index, message_id: rawMessageId(index), status: "SKIPPED", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: outcome.reason }
            : {
              index,
              message_id: outcome.email.message_id,
              status: outcome.status,
              email_uuid: outcome.email.uuid,
              from_person_uuid: outcome.email.from_person_uuid,
              participant_person_uuids: [...outcome.email.to_person_uuids, ...outcome.email.cc_person_uuids],
              error: null,
            };
    });
    return { results: results as Array<z.input<typeof resultSchema>> };
  },
});
