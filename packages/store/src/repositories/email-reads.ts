/**
 * @module
 * Emails read back: one by uuid, or a page of the tenant's (or of one person's) by sent time, each with its
 * participant rows and whether an import kept its body.
 */
import { sql, type Kysely } from "kysely";
import { EMAIL_PARTICIPANT_ROLES, type EmailParticipant, type EmailParticipantRole, type StoredEmail } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import { keysetPage, type Page } from "../pagination/keyset-page.js";
import type { EmailListRequest } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";

interface EmailRow {
  uuid: string;
  message_id: string;
  sent_at: number;
  subject: string | null;
  created_at: number;
  has_body: number;
}

const hasBody = sql<number>`exists (select 1 from email_bodies where email_bodies.email_uuid = emails.uuid)`.as("has_body");

const roleRank = (role: string) => EMAIL_PARTICIPANT_ROLES.indexOf(role as EmailParticipantRole);

/** The rows as `StoredEmail`s, their participants read in one statement: sender, recipients, copies, each by person uuid. */
async function withParticipants(db: Kysely<Database>, rows: readonly EmailRow[]): Promise<StoredEmail[]> {
  if (rows.length === 0) return [];
  const participants = await db
    .selectFrom("email_participants")
    .select(["email_uuid", "person_uuid", "role"])
    .where("email_uuid", "in", rows.map((row) => row.uuid))
    .execute();
  const byEmail = new Map<string, EmailParticipant[]>();
  for (const row of participants) {
    const list = byEmail.get(row.email_uuid) ?? [];
    list.push({ person_uuid: row.person_uuid, role: row.role as EmailParticipantRole });
    byEmail.set(row.email_uuid, list);
  }
  return rows.map((row) => ({
    uuid: row.uuid,
    message_id: row.message_id,
    sent_at: Number(row.sent_at),
    subject: row.subject,
    participants: (byEmail.get(row.uuid) ?? []).sort(
      (left, right) => roleRank(left.role) - roleRank(right.role) || (left.person_uuid < right.person_uuid ? -1 : left.person_uuid > right.person_uuid ? 1 : 0),
    ),
    has_body: Number(row.has_body) === 1,
    recorded_at: Number(row.created_at),
  }));
}

/** One page of the person's emails, walking their participations in the order of `email_participants_person_sent`. */
async function personPage(db: Kysely<Database>, tenantUuid: string, personUuid: string, request: EmailListRequest, rememberedTotals: Parameters<typeof keysetPage>[3]) {
  const { uuids, sent_from, sent_to } = request.filters;
  let query = db
    .selectFrom("email_participants as p")
    .innerJoin("emails", "emails.uuid", "p.email_uuid")
    .select(["p.email_uuid", "p.sent_at", "emails.message_id", "emails.subject", "emails.created_at", hasBody])
    .where("p.tenant_uuid", "=", tenantUuid)
    .where("p.person_uuid", "=", personUuid)
    // A person both sender and recipient (or, after a merge, recipient and copied) has a row per role: the first
    // stored counts. By rowid, which every index holds, so the participation index still answers alone.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("email_participants as other")
            .select(sql<number>`1`.as("one"))
            .whereRef("other.email_uuid", "=", "p.email_uuid")
            .whereRef("other.person_uuid", "=", "p.person_uuid")
            .where(sql<boolean>`other.rowid < p.rowid`),
        ),
      ),
    );
  if (uuids) query = query.where("p.email_uuid", "in", uuids.length > 0 ? [...uuids] : [""]);
  if (sent_from !== undefined) query = query.where("p.sent_at", ">=", sent_from);
  if (sent_to !== undefined) query = query.where("p.sent_at", "<=", sent_to);
  const page = await keysetPage(
    query,
    [
      { column: "p.sent_at", direction: request.order },
      { column: "p.email_uuid", direction: request.order },
    ],
    request,
    rememberedTotals,
  );
  return { ...page, rows: page.rows.map(({ email_uuid, sent_at, ...row }) => ({ ...row, uuid: email_uuid, sent_at: Number(sent_at) })) };
}

/** One page of the tenant's emails by sent time (`emails_tenant_sent`), or of the named ones by their keys. */
async function tenantPage(db: Kysely<Database>, tenantUuid: string, request: EmailListRequest, rememberedTotals: Parameters<typeof keysetPage>[3]) {
  const { uuids, sent_from, sent_to } = request.filters;
  let query = db.selectFrom("emails").select(["emails.uuid", "emails.message_id", "emails.sent_at", "emails.subject", "emails.created_at", hasBody]);
  // Named emails are sought by their keys: `tenant_uuid = ?` would let the planner walk the tenant by sent time instead.
  if (uuids) query = query.where(tenantOnly("emails.tenant_uuid"), "=", tenantUuid).where("emails.uuid", "in", uuids.length > 0 ? [...uuids] : [""]);
  else query = query.where("emails.tenant_uuid", "=", tenantUuid);
  if (sent_from !== undefined) query = query.where("emails.sent_at", ">=", sent_from);
  if (sent_to !== undefined) query = query.where("emails.sent_at", "<=", sent_to);
  return keysetPage(
    query,
    [
      { column: "emails.sent_at", direction: request.order },
      { column: "emails.uuid", direction: request.order },
    ],
    request,
    rememberedTotals,
  );
}

/** `emails.getByUuid` and `emails.list`. */
export function createEmailReads(context: RepositoryContext) {
  const { db } = context;
  return {
    async getByUuid(tenantUuid: string, emailUuid: string): Promise<StoredEmail | null> {
      const row = await db
        .selectFrom("emails")
        .select(["uuid", "message_id", "sent_at", "subject", "created_at", hasBody])
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", emailUuid)
        .executeTakeFirst();
      return row ? (await withParticipants(db, [row]))[0]! : null;
    },
    async list(tenantUuid: string, request: EmailListRequest): Promise<Page<StoredEmail>> {
      // Every email written or deleted writes participations and a feed entry, so the timelines' generation holds a total.
      const remembered = context.remembered && !db.isTransaction ? context.remembered.timelineTotals.valuesOf(tenantUuid) : null;
      const options = { rememberedTotals: remembered };
      const { person_uuid } = request.filters;
      const page = person_uuid ? await personPage(db, tenantUuid, person_uuid, request, options) : await tenantPage(db, tenantUuid, request, options);
      return { ...page, rows: await withParticipants(db, page.rows) };
    },
  };
}
