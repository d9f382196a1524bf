/**
 * @module
 * Interactions as the graph consumes them, built from their email or meeting rows with one read of the
 * participants per set: what a tenant's hydration pages and a write touching many interactions share.
 */
import { sql, type Kysely } from "kysely";
import type { InteractionRecord, MeetingStatus } from "../activity-records.js";
import type { Database } from "../database-schema.js";

/** The email columns an interaction record needs. */
export interface EmailRecordRow {
  uuid: string;
  sent_at: number;
  subject: string | null;
  from_person_uuid: string;
}

/** The meeting columns an interaction record needs. */
export interface MeetingRecordRow {
  uuid: string;
  starts_at: number;
  title: string;
  status: string;
  organizer_person_uuid: string | null;
}

/** Rows read per statement: few enough for SQLite's parameter limit. */
const CHUNK = 500;

/** The emails as interactions, in the order of `emails`, with their recipients (the sender is the initiator). */
export async function emailRecords(db: Kysely<Database>, emails: readonly EmailRecordRow[]): Promise<InteractionRecord[]> {
  if (emails.length === 0) return [];
  const participants = await db
    .selectFrom("email_participants")
    .select(["email_uuid", "person_uuid", "role"])
    .where("email_uuid", "in", emails.map((email) => email.uuid))
    .execute();
  const byUuid = new Map<string, InteractionRecord>();
  const records = emails.map((row) => {
    const record: InteractionRecord = {
      id: row.uuid,
      kind: "email",
      occurred_at: Number(row.sent_at),
      initiator_person_uuid: row.from_person_uuid,
      participant_person_uuids: [],
      status: "confirmed",
      title: row.subject,
    };
    byUuid.set(row.uuid, record);
    return record;
  });
  for (const participant of participants) {
    if (participant.role !== "from") byUuid.get(participant.email_uuid)?.participant_person_uuids.push(participant.person_uuid);
  }
  return records;
}

/**
 * The meetings as interactions, in the order of `meetings`, with their attendees (declined ones and the organizer left
 * out; an organizer who declined is no initiator either).
 */
export async function meetingRecords(db: Kysely<Database>, meetings: readonly MeetingRecordRow[]): Promise<InteractionRecord[]> {
  if (meetings.length === 0) return [];
  const attendees = await db
    .selectFrom("meeting_attendees")
    .select(["meeting_uuid", "person_uuid", "response"])
    .where("meeting_uuid", "in", meetings.map((meeting) => meeting.uuid))
    .execute();
  const byUuid = new Map<string, InteractionRecord>();
  const records = meetings.map((row) => {
    const record: InteractionRecord = {
      id: row.uuid,
      kind: "meeting",
      occurred_at: Number(row.starts_at),
      initiator_person_uuid: row.organizer_person_uuid,
      participant_person_uuids: [],
      status: row.status as MeetingStatus,
      title: row.title,
    };
    byUuid.set(row.uuid, record);
    return record;
  });
  for (const attendee of attendees) {
    const record = byUuid.get(attendee.meeting_uuid);
    if (record && attendee.response !== "declined" && attendee.person_uuid !== record.initiator_person_uuid) {
      record.participant_person_uuids.push(attendee.person_uuid);
    }
    // An organizer who declined (only a merge makes one) takes no part either.
    if (record && attendee.response === "declined" && attendee.person_uuid === record.initiator_person_uuid) record.initiator_person_uuid = null;
  }
  return records;
}

/**
 * The tenant's emails or live meetings of these uuids as interactions, keyed by uuid; a uuid without one (a
 * deleted meeting) is absent. One read of each 500 uuids, where `InteractionRepository.get` reads one each.
 */
export async function interactionsByIds(
  db: Kysely<Database>,
  tenantUuid: string,
  kind: "email" | "meeting",
  ids: readonly string[],
): Promise<Map<string, InteractionRecord>> {
  const found = new Map<string, InteractionRecord>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    // From the list into the table by primary key: with `tenant_uuid = ? and uuid in (...)`, statistics that
    // guess a thousand rows per tenant (benchmark scale L's) make the planner walk every one of the tenant's instead.
    const wanted = JSON.stringify(chunk);
    const records =
      kind === "email"
        ? await emailRecords(
            db,
            (
              await sql<EmailRecordRow>`select e.uuid, e.sent_at, e.subject, e.from_person_uuid
                from json_each(${wanted}) as wanted cross join emails e on e.uuid = wanted.value
                where e.tenant_uuid = ${tenantUuid}`.execute(db)
            ).rows,
          )
        : await meetingRecords(
            db,
            (
              await sql<MeetingRecordRow>`select m.uuid, m.starts_at, m.title, m.status, m.organizer_person_uuid
                from json_each(${wanted}) as wanted cross join meetings m on m.uuid = wanted.value
                where m.tenant_uuid = ${tenantUuid} and m.deleted_at is null`.execute(db)
            ).rows,
          );
    for (const record of records) found.set(record.id, record);
  }
  return found;
}
