/**
 * Migration 0028: the index of a company's current affiliations also carries the person, so that a company's
 * current members (`affiliations.currentMemberUuids`: whose activity a company's timeline lists, whom its
 * summary names) are read from the index alone. Without the person each affiliation read its row: at benchmark
 * scale L about 40 ms for the largest company (18,902 members), against about 25 ms with it, the rest being
 * each person's liveness. The index keeps its name and leading columns, so every lookup by company still
 * seeks it; rebuilding it takes about 0.3 s at L.
 */
import type { Kysely, Migration } from "kysely";

export const currentMembersFromIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("affiliations_tenant_company_current").execute();
    await db.schema
      .createIndex("affiliations_tenant_company_current")
      .on("affiliations")
      .columns(["tenant_uuid", "company_uuid", "is_current", "person_uuid"])
      .execute();
  },
};
