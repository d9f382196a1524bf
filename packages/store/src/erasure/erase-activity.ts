/**
 * Erasure step: the erased persons leave every email and meeting. An email they sent, or that keeps fewer than
 * two persons without them, is deleted whole; the others lose only their participant rows and are listed again
 * in the activity feed. Meetings stay, without their attendee rows, departures or organizer.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { chunksOf } from "../repositories/chunks-of.js";
import { relistInActivityFeed } from "../repositories/relist-in-activity-feed.js";
import { tenantOnly } from "../repositories/tenant-filter.js";
import { ROWS_PER_ERASURE_STATEMENT } from "./rows-per-erasure-statement.js";

/** What the erasure did to the tenant's interactions, for the graph and the opportunities' activity dates. */
export interface ErasedActivity {
  /** Emails deleted whole. */
  deletedEmailUuids: string[];
  /** Emails that keep their other participants. */
  keptEmailUuids: string[];
  /** Live meetings the persons attended: written again without them. */
  rewrittenMeetingUuids: string[];
  /**
   * The other persons of the deleted emails, and the one person left counting a meeting that the erased persons
   * counted too (a meeting of one is no interaction), each with the latest time they lost that counted (not after `now`).
   */
  lostByPerson: Map<string, number>;
}

/** Removes the persons' participations and attendances, in the erasure's transaction. */
export async function eraseActivity(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
  now: number,
  rowsPerStatement = ROWS_PER_ERASURE_STATEMENT,
): Promise<ErasedActivity> {
  const erased = sql.join(personUuids);
  const participated = await db
    .selectFrom("email_participants")
    .select("email_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .orderBy("email_uuid")
    .execute();
  // Statements naming the emails or the attended meetings leave the tenant condition unindexed (tenantOnly) and seek
  // each by key: a heavy contact's hundreds of them, under statistics like scale L's, walked every email
  // participant, email or meeting of the tenant.
  const deletedEmailUuids: string[] = [];
  const keptEmailUuids: string[] = [];
  for (const chunk of chunksOf(
    participated.map((row) => row.email_uuid),
    rowsPerStatement,
  )) {
    const emails = await sql<{ uuid: string; deleted: number }>`select e.uuid,
        (e.from_person_uuid in (${erased})
          or (select count(distinct p.person_uuid) from email_participants p
              where p.email_uuid = e.uuid and p.person_uuid not in (${erased})) < 2) as deleted
      from emails e
      where +e.tenant_uuid = ${tenantUuid} and e.uuid in (select value from json_each(${JSON.stringify(chunk)}))`.execute(db);
    for (const row of emails.rows) (Number(row.deleted) === 1 ? deletedEmailUuids : keptEmailUuids).push(row.uuid);
  }

  const lostByPerson = new Map<string, number>();
  for (const chunk of chunksOf(deletedEmailUuids, rowsPerStatement)) {
    const others = await db
      .selectFrom("email_participants")
      .select(["person_uuid", (builder) => builder.fn.max("sent_at").as("lost_at")])
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("email_uuid", "in", chunk)
      .where("person_uuid", "not in", personUuids)
      // A later email does not count yet: losing it lowers nothing, and it must not hide an earlier one that did.
      .where("sent_at", "<=", now)
      .groupBy("person_uuid")
      .execute();
    for (const row of others) lostByPerson.set(row.person_uuid, Math.max(Number(row.lost_at), lostByPerson.get(row.person_uuid) ?? -Infinity));
    await db.deleteFrom("email_participants").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("email_uuid", "in", chunk).execute();
    await db.deleteFrom("email_bodies").where("tenant_uuid", "=", tenantUuid).where("email_uuid", "in", chunk).execute();
    // The feed's trigger (migration 0033) announces each deleted email as a removal.
    await db.deleteFrom("emails").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", chunk).execute();
  }
  for (const chunk of chunksOf(keptEmailUuids, rowsPerStatement)) {
    await db
      .deleteFrom("email_participants")
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("email_uuid", "in", chunk)
      .where("person_uuid", "in", personUuids)
      .execute();
    // Each kept email takes a new place in the activity feed, as a rewritten meeting does below: a poller that
    // copied it with the erased persons among its participants learns that they changed.
    await relistInActivityFeed(
      db,
      tenantUuid,
      sql`select 'email' as kind, uuid as item_uuid, ${now} as recorded_at, 1 as ever_listed from emails
        where +tenant_uuid = ${tenantUuid} and uuid in (select value from json_each(${JSON.stringify(chunk)}))`,
    );
  }
  // Every participation of theirs was in an email read above: this finds none left, by the persons' index.
  await db.deleteFrom("email_participants").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();

  const attended = await db
    .selectFrom("meeting_attendees")
    .select("meeting_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .execute();
  const attendedUuids = attended.map((row) => row.meeting_uuid);
  const rewrittenMeetingUuids: string[] = [];
  if (attendedUuids.length > 0) {
    for (const chunk of chunksOf(attendedUuids, rowsPerStatement)) {
      // Read before the erased persons' rows go: the one other person who counts a meeting they counted loses it.
      const alone = await sql<{ person_uuid: string; lost_at: number }>`select a.person_uuid, max(a.counted_at) as lost_at
        from meeting_attendees a
        where +a.tenant_uuid = ${tenantUuid} and a.meeting_uuid in (select value from json_each(${JSON.stringify(chunk)}))
          and a.person_uuid not in (${erased}) and a.counted_at <= ${now}
          and exists (select 1 from meeting_attendees e
            where e.meeting_uuid = a.meeting_uuid and e.person_uuid in (${erased}) and e.counted_at is not null)
          and not exists (select 1 from meeting_attendees o
            where o.meeting_uuid = a.meeting_uuid and o.person_uuid not in (${erased}) and o.person_uuid <> a.person_uuid
              and o.counted_at is not null)
        group by a.person_uuid`.execute(db);
      for (const row of alone.rows) lostByPerson.set(row.person_uuid, Math.max(Number(row.lost_at), lostByPerson.get(row.person_uuid) ?? -Infinity));
      await db
        .deleteFrom("meeting_attendees")
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("meeting_uuid", "in", chunk)
        .where("person_uuid", "in", personUuids)
        .execute();
    }
    // A live meeting is written again, as a `PUT` of its attendees would: it takes a new place in the activity
    // feed, so a poller that holds it with the erased person learns that its attendees changed. An organizer is
    // always an attendee, so the attended meetings hold every one they organized: the same write drops them as
    // organizer (one write of each meeting and of its triggers, not two).
    for (const chunk of chunksOf(attendedUuids, rowsPerStatement)) {
      const live = await db
        .updateTable("meetings")
        .set({ updated_at: now, organizer_person_uuid: sql<string | null>`case when organizer_person_uuid in (${erased}) then null else organizer_person_uuid end` })
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("uuid", "in", chunk)
        .where("deleted_at", "is", null)
        .returning("uuid")
        .execute();
      rewrittenMeetingUuids.push(...live.map((row) => row.uuid));
      // A deleted meeting keeps its place in the feed; it only loses them as organizer.
      await db
        .updateTable("meetings")
        .set({ organizer_person_uuid: null })
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("uuid", "in", chunk)
        .where("deleted_at", "is not", null)
        .where("organizer_person_uuid", "in", personUuids)
        .execute();
    }
  }
  // Every attendance of theirs was in a meeting read above: this finds none left, by the persons' index.
  await db.deleteFrom("meeting_attendees").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();
  // Deleting attendee rows records departures (migration 0034): they name the person too.
  await db.deleteFrom("meeting_departures").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();

  return { deletedEmailUuids, keptEmailUuids, rewrittenMeetingUuids, lostByPerson };
}
