/**
 * Migration 0038: merged-away persons by the person they were merged into. Every person a response shows lists
 * the persons merged into it (`persons.mergedPersonUuids`), so an integrator's sync learns which records a merge
 * removed; without the index that read walked every person of the tenant. Partial: only merged rows carry it.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const personsByMergeTargetMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index persons_by_merge_target on persons (merged_into_uuid, tenant_uuid) where merged_into_uuid is not null`.execute(db);
  },
};
