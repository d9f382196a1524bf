/**
 * Erasure step: the erased persons leave every email and meeting. An email they sent, or that keeps fewer than
 * two persons without them, is deleted whole; the others lose only their participant rows. Meetings stay,
 * without their attendee rows, departures or organizer.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { tenantOnly } from "../repositories/tenant-filter.js";

/** What the erasure did to the tenant's interactions, for the graph and the opportunities' activity dates. */
export interface ErasedActivity {
  /** Emails deleted whole. */
  deletedEmailUuids: string[];
  /** Emails that keep their other participants. */
  keptEmailUuids: string[];
  /** Live meetings the persons attended: written again without them. */
  rewrittenMeetingUuids: string[];
  /** The other persons of the deleted emails, each with the latest `sent_at` they lost that counted (not after `now`). */
  lostByPerson: Map<string, number>;
}

/** Removes the persons' participations and attendances, in the erasure's transaction. */
export async function eraseActivity(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[], now: number): Promise<ErasedActivity> {
  const erased = sql.join(personUuids);
  const emails = await sql<{ uuid: string; sent_at: number; deleted: number }>`select e.uuid, e.sent_at,
      (e.from_person_uuid in (${erased})
        or (select count(distinct p.person_uuid) from email_participants p
            where p.email_uuid = e.uuid and p.person_uuid not in (${erased})) < 2) as deleted
    from emails e
    where e.tenant_uuid = ${tenantUuid}
      and e.uuid in (select email_uuid from email_participants where tenant_uuid = ${tenantUuid} and person_uuid in (${erased}))`.execute(db);
  const deleted = emails.rows.filter((row) => Number(row.deleted) === 1);
  const deletedEmailUuids = deleted.map((row) => row.uuid);
  const keptEmailUuids = emails.rows.filter((row) => Number(row.deleted) !== 1).map((row) => row.uuid);

  // Statements naming the deleted emails or the attended meetings leave the tenant condition unindexed (tenantOnly)
  // and seek each by key: a heavy contact's hundreds of them, under statistics like scale L's, walked every email
  // participant, email or meeting of the tenant.
  const lostByPerson = new Map<string, number>();
  if (deletedEmailUuids.length > 0) {
    const others = await db
      .selectFrom("email_participants")
      .select(["person_uuid", (builder) => builder.fn.max("sent_at").as("lost_at")])
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("email_uuid", "in", deletedEmailUuids)
      .where("person_uuid", "not in", personUuids)
      // A later email does not count yet: losing it lowers nothing, and it must not hide an earlier one that did.
      .where("sent_at", "<=", now)
      .groupBy("person_uuid")
      .execute();
    for (const row of others) lostByPerson.set(row.person_uuid, Number(row.lost_at));
    await db.deleteFrom("email_participants").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("email_uuid", "in", deletedEmailUuids).execute();
    await db.deleteFrom("email_bodies").where("tenant_uuid", "=", tenantUuid).where("email_uuid", "in", deletedEmailUuids).execute();
    // The feed's trigger (migration 0033) announces each deleted email as a removal.
    await db.deleteFrom("emails").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", deletedEmailUuids).execute();
  }
  await db.deleteFrom("email_participants").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();

  const attended = await db
    .selectFrom("meeting_attendees")
    .select("meeting_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .execute();
  const attendedUuids = attended.map((row) => row.meeting_uuid);
  let rewrittenMeetingUuids: string[] = [];
  if (attendedUuids.length > 0) {
    await db.deleteFrom("meeting_attendees").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();
    // A live meeting is written again, as a `PUT` of its attendees would: it takes a new place in the activity
    // feed, so a poller that holds it with the erased person learns that its attendees changed. An organizer is
    // always an attendee, so the attended meetings hold every one they organized: the same write drops them as
    // organizer (one write of each meeting and of its triggers, not two).
    const live = await db
      .updateTable("meetings")
      .set({ updated_at: now, organizer_person_uuid: sql<string | null>`case when organizer_person_uuid in (${erased}) then null else organizer_person_uuid end` })
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", attendedUuids)
      .where("deleted_at", "is", null)
      .returning("uuid")
      .execute();
    rewrittenMeetingUuids = live.map((row) => row.uuid);
    // A deleted meeting keeps its place in the feed; it only loses them as organizer.
    await db
      .updateTable("meetings")
      .set({ organizer_person_uuid: null })
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", attendedUuids)
      .where("deleted_at", "is not", null)
      .where("organizer_person_uuid", "in", personUuids)
      .execute();
  }
  // Deleting attendee rows records departures (migration 0034): they name the person too.
  await db.deleteFrom("meeting_departures").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();

  return { deletedEmailUuids, keptEmailUuids, rewrittenMeetingUuids, lostByPerson };
}
