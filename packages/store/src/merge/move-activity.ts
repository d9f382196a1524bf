/** Merge step: emails and meetings the superseded person took part in become the canonical person's. */
import { sql } from "kysely";
import type { PersonReferenceMover } from "./person-reference-mover.js";
import { relistSupersededActivity } from "./relist-superseded-activity.js";
import { rewriteSupersededMeetings } from "./rewrite-superseded-meetings.js";

export const moveActivity: PersonReferenceMover = {
  kind: "activity",
  async move(context) {
    const { db, tenantUuid, canonicalUuid, supersededUuid } = context;
    // The sender and the organizer first, found through the superseded person's own participant rows (a
    // sender is always its email's "from" participant, an organizer always an attendee of its meeting): the
    // emails and meetings tables have no index by person, and a scan of a large tenant's takes seconds.
    const senders = await db
      .updateTable("emails")
      .set({ from_person_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("from_person_uuid", "=", supersededUuid)
      .where("uuid", "in", (builder) =>
        builder
          .selectFrom("email_participants")
          .select("email_uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("person_uuid", "=", supersededUuid)
          .where("role", "=", "from"),
      )
      .executeTakeFirst();
    const organizers = await db
      .updateTable("meetings")
      .set({ organizer_person_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("organizer_person_uuid", "=", supersededUuid)
      .where("uuid", "in", (builder) =>
        builder.selectFrom("meeting_attendees").select("meeting_uuid").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", supersededUuid),
      )
      .executeTakeFirst();
    // Read before the superseded person's rows move: the items whose participants the merge changes.
    await relistSupersededActivity(context);
    // Read before the superseded person's attendee rows go: the meetings whose attendees the merge changes.
    await rewriteSupersededMeetings(context);
    // Where both persons were on the same email in the same role, or at the same meeting, one row remains.
    await db
      .deleteFrom("email_participants")
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", supersededUuid)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("email_participants as other")
            .select(sql<number>`1`.as("one"))
            .whereRef("other.email_uuid", "=", "email_participants.email_uuid")
            .whereRef("other.role", "=", "email_participants.role")
            .where("other.person_uuid", "=", canonicalUuid),
        ),
      )
      .execute();
    const participants = await db
      .updateTable("email_participants")
      .set({ person_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", supersededUuid)
      .executeTakeFirst();
    await db
      .deleteFrom("meeting_attendees")
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", supersededUuid)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("meeting_attendees as other")
            .select(sql<number>`1`.as("one"))
            .whereRef("other.meeting_uuid", "=", "meeting_attendees.meeting_uuid")
            .where("other.person_uuid", "=", canonicalUuid),
        ),
      )
      .execute();
    const attendees = await db
      .updateTable("meeting_attendees")
      .set({ person_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", supersededUuid)
      .executeTakeFirst();
    return [participants, senders, attendees, organizers].reduce((sum, result) => sum + Number(result.numUpdatedRows), 0);
  },
};
