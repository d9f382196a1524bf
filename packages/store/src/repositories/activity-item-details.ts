/** What the activity lists show of a page's emails and meetings: when each happened, its subject or title, its status. */
import type { Kysely } from "kysely";
import type { ActivityItem, MeetingStatus } from "../activity-records.js";
import type { Database } from "../database-schema.js";

/** An email's or meeting's time, subject or title and status (an email's is always confirmed). */
export interface ActivityItemDetail {
  occurred_at: number;
  title: string | null;
  status: MeetingStatus;
  /** A meeting's organizer; null for an email or a meeting without one. */
  organizer_person_uuid: string | null;
}

/** The tenant's details of these items by uuid; an item of another tenant, a deleted meeting, or none, is absent. */
export async function itemDetailsOf(
  db: Kysely<Database>,
  tenantUuid: string,
  items: ReadonlyArray<{ kind: ActivityItem["kind"]; uuid: string }>,
): Promise<Map<string, ActivityItemDetail>> {
  const details = new Map<string, ActivityItemDetail>();
  const emailUuids = items.filter((item) => item.kind === "email").map((item) => item.uuid);
  const meetingUuids = items.filter((item) => item.kind === "meeting").map((item) => item.uuid);
  // By primary key alone, the tenant checked on each row: with `tenant_uuid` in the statement, SQLite may
  // walk the tenant's (tenant_uuid, sent_at) index instead (seen at 2M emails: 0.8 s instead of 0.3 ms).
  if (emailUuids.length > 0) {
    const rows = await db.selectFrom("emails").select(["uuid", "tenant_uuid", "sent_at", "subject"]).where("uuid", "in", emailUuids).execute();
    for (const row of rows) {
      if (row.tenant_uuid === tenantUuid) details.set(row.uuid, { occurred_at: Number(row.sent_at), title: row.subject, status: "confirmed", organizer_person_uuid: null });
    }
  }
  if (meetingUuids.length > 0) {
    const rows = await db
      .selectFrom("meetings")
      .select(["uuid", "tenant_uuid", "starts_at", "title", "status", "organizer_person_uuid"])
      .where("uuid", "in", meetingUuids)
      .where("deleted_at", "is", null)
      .execute();
    for (const row of rows) {
      if (row.tenant_uuid === tenantUuid) details.set(row.uuid, {
          occurred_at: Number(row.starts_at),
          title: row.title,
          status: row.status as MeetingStatus,
          organizer_person_uuid: row.organizer_person_uuid,
        });
    }
  }
  return details;
}
