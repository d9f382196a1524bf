/**
 * @module
 * What a timeline lists, as participations: a person's emails (once each, whatever their roles in it) and
 * the meetings they count in (`counted_at`: confirmed, live and not declined), each as (kind, uuid,
 * occurred_at), read from migration 0024's indexes alone. The callers add which persons.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** The tenant's email participations, one row per email and time. */
export function emailParticipations(db: Kysely<Database>, tenantUuid: string) {
  return db
    .selectFrom("email_participants")
    .select([sql<string>`'email'`.as("kind"), "email_uuid as uuid", "sent_at as occurred_at"])
    .distinct()
    .where("tenant_uuid", "=", tenantUuid);
}

/** The tenant's meeting participations that count; a meeting appears once per person counted in it. */
export function meetingParticipations(db: Kysely<Database>, tenantUuid: string) {
  return db
    .selectFrom("meeting_attendees")
    .select([sql<string>`'meeting'`.as("kind"), "meeting_uuid as uuid", "counted_at as occurred_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("counted_at", "is not", null);
}
