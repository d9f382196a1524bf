/**
 * Migration 0026: the participation-time indexes of migration 0024 also carry the interaction's uuid, so that
 * a timeline (`interactions.timeline`: a person's or a company's emails and meetings, newest first) ranks
 * and counts the persons' participations from the indexes alone. Without the uuid each participation read
 * its row: at benchmark scale L about 1 s of the page and 1 s of the count for the busiest contact (317,000
 * participations), against about 0.25 s each with it. The indexes keep their names and leading columns, so
 * every lookup of a person's latest time still seeks them. Rebuilding them takes about 10 s at L.
 */
import type { Kysely, Migration } from "kysely";

export const participationTimesNameInteractionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("email_participants_person_sent").execute();
    await db.schema
      .createIndex("email_participants_person_sent")
      .on("email_participants")
      .columns(["tenant_uuid", "person_uuid", "sent_at", "email_uuid"])
      .execute();
    await db.schema.dropIndex("meeting_attendees_person_counted").execute();
    await db.schema
      .createIndex("meeting_attendees_person_counted")
      .on("meeting_attendees")
      .columns(["tenant_uuid", "person_uuid", "counted_at", "meeting_uuid"])
      .execute();
  },
};
