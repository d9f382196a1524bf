/** Emails: idempotent ingest on message id, participants resolved to persons. */
import type { Kysely } from "kysely";
import type { Email, EmailIngestResult, NewEmail } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import type { EmailRepository } from "../store.js";
import { emailInteraction } from "../graph/interaction-records.js";
import { refreshOpportunityActivityOfPersons } from "./opportunity-activity.js";
import { resolveParticipants } from "./participant-resolver.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

async function loadEmail(db: Kysely<Database>, tenantUuid: string, messageId: string): Promise<Email | null> {
  const row = await db
    .selectFrom("emails")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  if (!row) return null;
  const participants = await db
    .selectFrom("email_participants")
    .select(["person_uuid", "role"])
    .where("email_uuid", "=", row.uuid)
    .execute();
  return {
    uuid: row.uuid,
    message_id: row.message_id,
    sent_at: Number(row.sent_at),
    subject: row.subject,
    from_person_uuid: row.from_person_uuid,
    to_person_uuids: participants.filter((participant) => participant.role === "to").map((participant) => participant.person_uuid),
    cc_person_uuids: participants.filter((participant) => participant.role === "cc").map((participant) => participant.person_uuid),
  };
}

export function createEmailRepository(context: RepositoryContext): EmailRepository {
  const { db, now, generateId, emit } = context;
  return {
    async ingest(tenantUuid, input): Promise<EmailIngestResult> {
      const messageId = input.message_id.trim();
      const result = await withTransaction(db, async (transaction): Promise<EmailIngestResult> => {
        const existing = await loadEmail(transaction, tenantUuid, messageId);
        if (existing) return { status: "DUPLICATE", email: existing };
        const scoped = { ...context, db: transaction };
        const [fromPerson] = await resolveParticipants(scoped, tenantUuid, [input.from]);
        const to = await resolveParticipants(scoped, tenantUuid, input.to ?? []);
        const cc = await resolveParticipants(scoped, tenantUuid, input.cc ?? []);
        const uuid = generateId();
        await transaction
          .insertInto("emails")
          .values({
            uuid,
            tenant_uuid: tenantUuid,
            message_id: messageId,
            sent_at: input.sent_at,
            subject: input.subject ?? null,
            from_person_uuid: fromPerson!,
            created_at: now(),
          })
          .execute();
        const rows = [
          { person_uuid: fromPerson!, role: "from" },
          ...[...new Set(to)].map((person_uuid) => ({ person_uuid, role: "to" })),
          ...[...new Set(cc)].filter((person) => !to.includes(person)).map((person_uuid) => ({ person_uuid, role: "cc" })),
        ].map((row) => ({ ...row, tenant_uuid: tenantUuid, email_uuid: uuid }));
        await transaction.insertInto("email_participants").values(rows).execute();
        await refreshOpportunityActivityOfPersons(transaction, tenantUuid, rows.map((row) => row.person_uuid));
        const email = await loadEmail(transaction, tenantUuid, messageId);
        return { status: "CREATED", email: email! };
      });
      if (result.status === "CREATED") emit(tenantUuid, { type: "upsert-interaction", interaction: emailInteraction(result.email) });
      return result;
    },
    get: (tenantUuid, messageId) => loadEmail(db, tenantUuid, messageId),
  };
}
