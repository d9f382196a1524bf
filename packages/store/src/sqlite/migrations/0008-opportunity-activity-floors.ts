/**
 * Migration 0008: opportunity activity floors. A row `(tenant, entity_type, entity_uuid, floor_at)`
 * states that every live opportunity linked to that person or company already has its activity date
 * for that side (`person_last_activity_at` or `company_last_activity_at`) at or after `floor_at`. An
 * email or meeting no later than the floor then raises nothing, and ingest skips walking the links of
 * a busy company. Rows live in the database so a rolled-back ingest takes its floors with it; every
 * recomputation that may lower a date deletes the floors of the entities involved.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const opportunityActivityFloorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table opportunity_activity_floors (
        tenant_uuid text not null,
        entity_type text not null,
        entity_uuid text not null,
        floor_at integer not null,
        primary key (tenant_uuid, entity_type, entity_uuid)
      ) without rowid`.execute(db);
  },
};
