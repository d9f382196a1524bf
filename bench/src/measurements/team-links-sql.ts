/** @module The SQL baselines' shared part: how many interactions persons share with each user of the team. */

/**
 * The body of a CTE with columns (`personColumn`, `user_person`, `n`): for each person of the SQL set
 * `persons` and each user's person in the CTE `team`, how many emails and confirmed meetings they shared
 * by `@now` (`@tenant` the tenant), in two rows at most (emails, meetings) per pair: sum `n` per pair.
 *
 * @example
 * `with team as (...), links as (${teamInteractionCounts("select person_uuid from targets", "target")}) select ...`
 */
export function teamInteractionCounts(persons: string, personColumn: string): string {
  return `
  select own.person_uuid as ${personColumn}, member.person_uuid as user_person, count(*) as n
  from email_participants own
  join email_participants member on member.email_uuid = own.email_uuid and member.person_uuid in (select person_uuid from team)
  join emails e on e.uuid = own.email_uuid
  where own.tenant_uuid = @tenant and own.person_uuid in (${persons}) and e.sent_at <= @now
  group by own.person_uuid, member.person_uuid
  union all
  select own.person_uuid, member.person_uuid, count(*)
  from meeting_attendees own
  join meeting_attendees member on member.meeting_uuid = own.meeting_uuid and member.person_uuid in (select person_uuid from team)
  join meetings m on m.uuid = own.meeting_uuid
  where own.tenant_uuid = @tenant and own.person_uuid in (${persons})
    and m.deleted_at is null and m.status = 'confirmed' and m.starts_at <= @now
  group by own.person_uuid, member.person_uuid`;
}
