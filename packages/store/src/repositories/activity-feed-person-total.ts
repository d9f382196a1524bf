/**
 * The total of a person's activity feed when nothing but `kind` narrows it, counted from the person's
 * participation indexes rather than by looking each of their items up in the feed.
 */
import { sql, type Kysely } from "kysely";
import type { ActivityItem } from "../activity-records.js";
import type { Database } from "../database-schema.js";

/**
 * How many entries `interactions.feed` lists for `personUuid` with no `afterSequence` or `recordedSince`: their
 * emails, each listed once for as long as it exists, and the meetings they attend or were taken off (migration
 * 0034) whose entry some timeline listed (`ever_listed`). The same number as counting the person's items found in the feed, without building
 * the list of their uuids and probing the feed with each (the busiest person at 2M interactions: 0.25 s against
 * 2.2 s). A person on one email in two roles has two participant rows, adjacent in the (tenant, person,
 * sent_at, email_uuid) index, so grouping by that order counts the email once without a sort.
 */
export async function personFeedTotal(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuid: string,
  kind: ActivityItem["kind"] | undefined,
): Promise<number> {
  let total = 0;
  if (kind !== "meeting") {
    const emails = db
      .selectFrom("email_participants")
      .select(sql<number>`1`.as("one"))
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", personUuid)
      .groupBy(["sent_at", "email_uuid"]);
    total += Number((await db.selectFrom(emails.as("email")).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  }
  if (kind !== "email") {
    // A person is an attendee of a meeting or was taken off it (migration 0034), never both: no meeting twice.
    const attended = db
      .selectFrom("meeting_attendees")
      .select("meeting_uuid")
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", personUuid)
      .unionAll(db.selectFrom("meeting_departures").select("meeting_uuid").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid));
    const meetings = await db
      .selectFrom(attended.as("attended"))
      .innerJoin("activity_feed as feed", (join) => join.onRef("feed.item_uuid", "=", "attended.meeting_uuid").on("feed.kind", "=", "meeting"))
      .select(sql<number>`count(*)`.as("n"))
      .where("feed.ever_listed", "=", 1)
      .executeTakeFirstOrThrow();
    total += Number(meetings.n);
  }
  return total;
}
