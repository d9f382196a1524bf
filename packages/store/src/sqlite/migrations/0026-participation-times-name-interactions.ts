/**
 * Migration 0026: the participation-time indexes of migration 0024 also carry the interaction's uuid, so that
 * a timeline (`interactions.timeline`: a person's or a company's emails and meetings, newest first) ranks
 * and counts the persons' participations from the indexes alone. Without the uuid each participation read
 * its row: at benchmark scale L about 1 s of the page and 1 s of the count for the busiest contact (317,000
 * participations), against about 0.25 s each with it. The indexes keep their names and leading columns, so
 * every lookup of a person's latest time still seeks them. Rebuilding them takes about 10 s at L.
 */
import type { Kysely, Migration } from "kysely";

/** Drops the index `name` and creates it again on `table` over `columns`. */
async function rebuildIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.dropIndex(name).execute();
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export const participationTimesNameInteractionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await rebuildIndex(db, "email_participants_person_sent", "email_participants", ["tenant_uuid", "person_uuid", "sent_at", "email_uuid"]);
    await rebuildIndex(db, "meeting_attendees_person_counted", "meeting_attendees", ["tenant_uuid", "person_uuid", "counted_at", "meeting_uuid"]);
  },
};
