/**
 * Migration 0030: opportunities by their intro person. A person merge (and `records.repointPersonReferences`)
 * re-points every opportunity that names the superseded person as its intro; without an index that counted
 * and updated by reading every opportunity of the tenant, about 0.3 s at benchmark scale L for any merge.
 * Partial: most opportunities name no intro person, and `intro_person_uuid = ?` implies the condition.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const opportunitiesByIntroPersonMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index opportunities_intro_person on opportunities (tenant_uuid, intro_person_uuid) where intro_person_uuid is not null`.execute(db);
  },
};
