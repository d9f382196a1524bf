/** @module What a merge of two persons stops counting as anyone's activity: read before it moves anything. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * The persons for whom merging `supersededUuid` into `canonicalUuid` takes away an interaction that counted (past,
 * not cancelled, declined attendances left out, at least two persons in it: `lastActivityOfPersons`), each with the
 * latest time they lose:
 * - the canonical person: an email or meeting of the two alone (it becomes a note to oneself, a meeting of one), and
 *   a meeting the superseded person counts but the canonical one declined (the declined attendance is the one kept);
 * - the one other person who counts such a meeting beside the superseded one: it is left a meeting of one.
 * Walks the participations of `supersededUuid` (the duplicate, usually the lighter), each checked by key.
 */
export async function activityLostToMerge(
  db: Kysely<Database>,
  tenantUuid: string,
  pair: { canonicalUuid: string; supersededUuid: string },
  now: number,
): Promise<Map<string, number>> {
  const { canonicalUuid: canonical, supersededUuid: superseded } = pair;
  const alone = await sql<{ email_at: number | null; meeting_at: number | null; declined_at: number | null }>`select
      (select max(p.sent_at) from email_participants p
        where p.tenant_uuid = ${tenantUuid} and p.person_uuid = ${superseded} and p.sent_at <= ${now}
          and exists (select 1 from email_participants c where c.email_uuid = p.email_uuid and c.person_uuid = ${canonical})
          and not exists (select 1 from email_participants o
            where o.email_uuid = p.email_uuid and o.person_uuid <> ${canonical} and o.person_uuid <> ${superseded})) as email_at,
      (select max(a.counted_at) from meeting_attendees a
        where a.tenant_uuid = ${tenantUuid} and a.person_uuid = ${superseded} and a.counted_at <= ${now}
          and exists (select 1 from meeting_attendees c
            where c.meeting_uuid = a.meeting_uuid and c.person_uuid = ${canonical} and c.counted_at is not null)
          and not exists (select 1 from meeting_attendees o
            where o.meeting_uuid = a.meeting_uuid and o.person_uuid <> ${canonical} and o.person_uuid <> ${superseded}
              and o.counted_at is not null)) as meeting_at,
      (select max(a.counted_at) from meeting_attendees a
        where a.tenant_uuid = ${tenantUuid} and a.person_uuid = ${superseded} and a.counted_at <= ${now}
          and exists (select 1 from meeting_attendees c
            where c.meeting_uuid = a.meeting_uuid and c.person_uuid = ${canonical} and c.counted_at is null)) as declined_at`.execute(db);
  const lost = new Map<string, number>();
  const times = Object.values(alone.rows[0] ?? {}).filter((at): at is number => at !== null).map(Number);
  if (times.length > 0) lost.set(canonical, Math.max(...times));
  const leftAlone = await sql<{ person_uuid: string; lost_at: number }>`select z.person_uuid, max(z.counted_at) as lost_at
    from meeting_attendees a
    cross join meeting_attendees c on c.meeting_uuid = a.meeting_uuid and c.person_uuid = ${canonical}
    cross join meeting_attendees z on z.meeting_uuid = a.meeting_uuid
    where a.tenant_uuid = ${tenantUuid} and a.person_uuid = ${superseded} and a.counted_at <= ${now} and c.counted_at is null
      and z.person_uuid <> ${canonical} and z.person_uuid <> ${superseded} and z.counted_at is not null
      and not exists (select 1 from meeting_attendees o
        where o.meeting_uuid = a.meeting_uuid and o.person_uuid not in (${canonical}, ${superseded}, z.person_uuid)
          and o.counted_at is not null)
    group by z.person_uuid`.execute(db);
  for (const row of leftAlone.rows) lost.set(row.person_uuid, Number(row.lost_at));
  return lost;
}
