/**
 * Migration 0097: `idempotent_requests.entity_tag`, the `ETag` of a kept answer (a conditional write's: the record's
 * tag after it), so that a retry sent with the same `Idempotency-Key` gets the tag its first answer carried. Null for
 * an answer without one, and for those kept before it.
 */
import type { Kysely, Migration } from "kysely";

export const keptAnswerEntityTagsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("idempotent_requests").addColumn("entity_tag", "text").execute();
  },
};
