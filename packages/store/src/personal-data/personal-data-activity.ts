/**
 * Export sections of the subject's interactions: the emails they are on and the meetings they attend, organise or
 * were taken off. Of the other persons on them, only how many: who they are is their own data.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { PersonalDataEmail, PersonalDataMeeting } from "./personal-data-export.js";

const ROLE_ORDER = ["from", "to", "cc"];

// The subqueries below seek the rows of one email or meeting by its uuid alone, which is the tenant's already:
// with the tenant in them too, SQLite chose the tenant's index of participants by person and read every
// participation of the tenant for each email (30 s for a person on 8,000 emails).

/** Where a page of the subject's emails ends: the last email's `sent_at` and uuid (the emails' order). */
export interface PersonalDataEmailPosition {
  sent_at: number;
  uuid: string;
}

/**
 * The emails one of the records is on, with their stored bodies, earliest first: `limit` of them after `after`
 * (from the first without it). A page at a time, so a mailbox with stored bodies is never read into memory whole.
 */
export async function personEmails(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
  page: { after?: PersonalDataEmailPosition; limit: number },
): Promise<PersonalDataEmail[]> {
  const persons = sql.join(personUuids);
  // The participation index (tenant, person, sent_at, email) seeks each record's emails from the page's start.
  const after = page.after === undefined ? sql`` : sql`and (p.sent_at, p.email_uuid) > (${page.after.sent_at}, ${page.after.uuid})`;
  const rows = await sql<{ uuid: string; message_id: string; sent_at: number; subject: string | null; roles: string; others: number; body: string | null }>`
    select e.uuid, e.message_id, e.sent_at, e.subject, group_concat(distinct p.role) as roles,
      (select count(distinct o.person_uuid) from email_participants o
        where o.email_uuid = e.uuid and o.person_uuid not in (${persons})) as others,
      b.body_text as body
    from email_participants p
    join emails e on e.tenant_uuid = p.tenant_uuid and e.uuid = p.email_uuid
    left join email_bodies b on b.tenant_uuid = e.tenant_uuid and b.email_uuid = e.uuid
    where p.tenant_uuid = ${tenantUuid} and p.person_uuid in (${persons}) ${after}
    group by p.sent_at, p.email_uuid
    order by p.sent_at, p.email_uuid
    limit ${page.limit}`.execute(db);
  return rows.rows.map((row) => ({
    uuid: row.uuid,
    message_id: row.message_id,
    sent_at: Number(row.sent_at),
    subject: row.subject,
    roles: row.roles.split(",").sort((left, right) => ROLE_ORDER.indexOf(left) - ROLE_ORDER.indexOf(right)),
    other_participant_count: Number(row.others),
    body: row.body,
  }));
}

/**
 * Every meeting, deleted ones included, one of the records attends, organises or was taken off; earliest first.
 * An organizer is always an attendee (as erasure relies on too): the attendee rows find the meetings they organise.
 */
export async function personMeetings(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataMeeting[]> {
  const persons = sql.join(personUuids);
  const rows = await sql<{
    uuid: string;
    title: string;
    starts_at: number;
    ends_at: number | null;
    status: string;
    location: string | null;
    deleted_at: number | null;
    organizer: number;
    response: string | null;
    departed: number;
    others: number;
  }>`
    select m.uuid, m.title, m.starts_at, m.ends_at, m.status, m.location, m.deleted_at,
      coalesce(m.organizer_person_uuid in (${persons}), 0) as organizer,
      (select a.response from meeting_attendees a
        where a.meeting_uuid = m.uuid and a.person_uuid in (${persons})
        order by a.response limit 1) as response,
      exists (select 1 from meeting_departures d
        where d.meeting_uuid = m.uuid and d.person_uuid in (${persons})) as departed,
      (select count(distinct a.person_uuid) from meeting_attendees a
        where a.meeting_uuid = m.uuid and a.person_uuid not in (${persons})) as others
    from meetings m
    where m.tenant_uuid = ${tenantUuid}
      and m.uuid in (select meeting_uuid from meeting_attendees where tenant_uuid = ${tenantUuid} and person_uuid in (${persons})
        union select meeting_uuid from meeting_departures where tenant_uuid = ${tenantUuid} and person_uuid in (${persons}))
    order by m.starts_at, m.uuid`.execute(db);
  return rows.rows.map((row) => ({
    uuid: row.uuid,
    title: row.title,
    starts_at: Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    status: row.status,
    location: row.location,
    organizer: Number(row.organizer) === 1,
    response: row.response,
    left: Number(row.departed) === 1,
    other_attendee_count: Number(row.others),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
  }));
}
