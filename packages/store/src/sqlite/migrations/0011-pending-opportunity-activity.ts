/**
 * Migration 0011: activity not yet written onto opportunities. Ingesting an email or meeting records,
 * per person who took part, the time of their latest new interaction; the first read of opportunities
 * after it raises the linked opportunities' dates once for everything recorded since (see
 * `applyPendingOpportunityActivity`). A busy company's thousands of opportunity rows are then written
 * once per read, not once per message. Rows live in the database, so a rolled-back ingest takes its
 * pending activity with it.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const pendingOpportunityActivityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table opportunity_activity_pending (
        tenant_uuid text not null,
        person_uuid text not null,
        at integer not null,
        primary key (tenant_uuid, person_uuid)
      ) without rowid`.execute(db);
  },
};
