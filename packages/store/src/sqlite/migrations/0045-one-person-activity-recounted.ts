/**
 * Migration 0045: an email or meeting with one person in it (a note to oneself, an email to its own sender, a meeting
 * of one or one every other attendee declined) no longer counts as activity in the opportunities' stored dates, as it
 * never did in the graph's live dates. The dates stored before may hold such an interaction's time; this recomputes
 * the opportunities that may: those linked to a person with such an interaction, or to a company they count for (a
 * current external member), whose stored date is not later than the person's latest one. It also brings pending
 * raises (migration 0011) to each person's last activity as now counted, and forgets the floors (0008) once a date
 * may have gone down. Finding those interactions walks every email and counted attendance once, each checked by key.
 * A database without any (every generated benchmark tenant) stops there.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** A person's last activity as now counted (`lastActivityOfPersons`), or -1, for the qualified columns `tenant` and `person` (SQL). */
const lastActivityOf = (tenant: string, person: string, now: number) => `max(
    coalesce((select p.sent_at from email_participants p
      where p.tenant_uuid = ${tenant} and p.person_uuid = ${person} and p.sent_at <= ${now}
        and exists (select 1 from email_participants other where other.email_uuid = p.email_uuid and other.person_uuid <> p.person_uuid)
      order by p.sent_at desc limit 1), -1),
    coalesce((select a.counted_at from meeting_attendees a
      where a.tenant_uuid = ${tenant} and a.person_uuid = ${person} and a.counted_at <= ${now}
        and exists (select 1 from meeting_attendees other
          where other.meeting_uuid = a.meeting_uuid and other.person_uuid <> a.person_uuid and other.counted_at is not null)
      order by a.counted_at desc limit 1), -1))`;

/** The later of two nullable times (SQL; `max(a, b)` is null when either is). */
const later = (left: string, right: string) => `case when ${left} is null then ${right} when ${right} is null or ${right} < ${left} then ${left} else ${right} end`;

/**
 * What migration 0045 does, at the instant `now` (epoch ms; the migration passes the clock's): recomputes the stored
 * dates that may hold the time of an interaction with one person in it. Exported for its test.
 */
export async function recountOnePersonActivity(db: Kysely<unknown>, now: number): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // Each person's latest interaction with nobody else in it: an email with no participant but its sender, a counted
  // attendance with no other counted one. The attendances are walked in table order (not indexed), where a meeting's
  // rows sit together, so each one's other attendees are on pages just read: walked by person (the covering index
  // SQLite took) every meeting's rows were sought at random, 20 s of the 36 s this took at scale L, now 2.8 s.
  await run(`create temp table lonely_0045 (tenant_uuid text not null, person_uuid text not null, at integer not null,
    primary key (tenant_uuid, person_uuid)) without rowid`);
  await run(`insert into lonely_0045 (tenant_uuid, person_uuid, at)
    select tenant_uuid, person_uuid, max(at) from (
      select e.tenant_uuid, e.from_person_uuid as person_uuid, e.sent_at as at from emails e
        where not exists (select 1 from email_participants p where p.email_uuid = e.uuid and p.person_uuid <> e.from_person_uuid)
      union all
      select a.tenant_uuid, a.person_uuid, a.counted_at from meeting_attendees a not indexed
        where a.counted_at is not null
          and not exists (select 1 from meeting_attendees o where o.meeting_uuid = a.meeting_uuid and o.person_uuid <> a.person_uuid and o.counted_at is not null)
    ) group by tenant_uuid, person_uuid`);
  const { rows } = await sql<{ lonely: number }>`select count(*) as lonely from lonely_0045`.execute(db);
  if (Number(rows[0]?.lonely ?? 0) > 0) {
    // A pending raise may hold such a time: each becomes its person's last activity as now counted, or goes.
    await run(`update opportunity_activity_pending set at = nullif(${lastActivityOf("opportunity_activity_pending.tenant_uuid", "opportunity_activity_pending.person_uuid", now)}, -1)`);
    await run("delete from opportunity_activity_pending where at is null");

    await run("create temp table recount_0045 (uuid text primary key, tenant_uuid text not null) without rowid");
    await run(`insert or ignore into recount_0045 (uuid, tenant_uuid)
      select o.uuid, o.tenant_uuid from lonely_0045 l
        cross join associations a on a.tenant_uuid = l.tenant_uuid and a.entity_uuid = l.person_uuid
        cross join opportunities o on o.uuid = a.owner_uuid
      where a.entity_type = 'PERSON' and a.owner_type = 'OPPORTUNITY' and o.deleted_at is null and o.person_last_activity_at <= l.at`);
    await run(`insert or ignore into recount_0045 (uuid, tenant_uuid)
      select o.uuid, o.tenant_uuid from lonely_0045 l
        cross join persons p on p.uuid = l.person_uuid
        cross join affiliations f on f.tenant_uuid = l.tenant_uuid and f.person_uuid = l.person_uuid
        cross join associations a on a.tenant_uuid = l.tenant_uuid and a.entity_uuid = f.company_uuid
        cross join opportunities o on o.uuid = a.owner_uuid
      where p.is_internal = 0 and f.is_current = 1 and a.entity_type = 'COMPANY' and a.owner_type = 'OPPORTUNITY'
        and o.deleted_at is null and o.company_last_activity_at <= l.at`);

    // The last activity of every person the recounted opportunities take theirs from: linked, or a current external
    // member of a linked company (`lastActivityOfEntities`).
    await run("create temp table person_last_0045 (person_uuid text primary key, at integer) without rowid");
    await run(`insert or ignore into person_last_0045 (person_uuid, at)
      select linked.person_uuid, nullif(${lastActivityOf("linked.tenant_uuid", "linked.person_uuid", now)}, -1) from (
        select a.tenant_uuid, a.entity_uuid as person_uuid from recount_0045 r
          cross join associations a on a.tenant_uuid = r.tenant_uuid and a.owner_uuid = r.uuid
          where a.owner_type = 'OPPORTUNITY' and a.entity_type = 'PERSON'
        union
        select f.tenant_uuid, f.person_uuid from recount_0045 r
          cross join associations a on a.tenant_uuid = r.tenant_uuid and a.owner_uuid = r.uuid
          cross join affiliations f on f.tenant_uuid = a.tenant_uuid and f.company_uuid = a.entity_uuid
          cross join persons p on p.uuid = f.person_uuid
          where a.owner_type = 'OPPORTUNITY' and a.entity_type = 'COMPANY' and f.is_current = 1 and p.is_internal = 0
      ) as linked`);
    await run(`update opportunities set
        person_last_activity_at = (select max(pl.at) from associations a cross join person_last_0045 pl on pl.person_uuid = a.entity_uuid
          where a.tenant_uuid = opportunities.tenant_uuid and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = opportunities.uuid
            and a.entity_type = 'PERSON'),
        company_last_activity_at = (select max(pl.at) from associations a
          cross join affiliations f on f.tenant_uuid = a.tenant_uuid and f.company_uuid = a.entity_uuid
          cross join persons p on p.uuid = f.person_uuid
          cross join person_last_0045 pl on pl.person_uuid = f.person_uuid
          where a.tenant_uuid = opportunities.tenant_uuid and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = opportunities.uuid
            and a.entity_type = 'COMPANY' and f.is_current = 1 and p.is_internal = 0)
      where uuid in (select uuid from recount_0045)`);
    await run(`update opportunities set last_activity_at = ${later("person_last_activity_at", "company_last_activity_at")}
      where uuid in (select uuid from recount_0045)`);
    // A floor says no linked opportunity's date is below it: a date that went down may be.
    await run("delete from opportunity_activity_floors");
    await run("drop table recount_0045");
    await run("drop table person_last_0045");
  }
  await run("drop table lonely_0045");
}

export const onePersonActivityRecountedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await recountOnePersonActivity(db, Date.now());
  },
};
