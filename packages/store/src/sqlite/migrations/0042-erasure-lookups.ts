/**
 * Migration 0042: the rows a person's erasure must find in two tables its triggers fill, by the person's uuid.
 * `name_search_pending` (migration 0017) was indexed by (tenant, note id) alone and `person_changes` (migration 0029)
 * by (tenant, generation) alone, so the erasure's `delete from name_search_pending ... uuid in (...)` and
 * `update person_changes set person_uuid = null ... person_uuid in (...)` walked every note and every logged change
 * of the tenant (200,000 notes after an import at benchmark scale L, before a search catches up).
 *
 * Each index is led by the uuid, which no other statement constrains, so the reads by tenant and id or generation
 * keep their indexes. Each trigger note and each logged change writes one more index entry.
 */
import type { Kysely, Migration } from "kysely";

export const erasureLookupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("name_search_pending_by_record").on("name_search_pending").columns(["uuid", "tenant_uuid"]).execute();
    await db.schema.createIndex("person_changes_by_person").on("person_changes").columns(["person_uuid", "tenant_uuid"]).execute();
  },
};
