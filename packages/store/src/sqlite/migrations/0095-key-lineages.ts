/**
 * Migration 0095: `api_keys.lineage_uuid`, the key a chain of rotations began with. A key made by `rapport keys
 * rotate` takes its replaced key's lineage, so a client's retry sent with the new key is known as the same client's
 * (its `Idempotency-Key` answers are the lineage's). Null for a key no rotation made: its lineage is itself. Keys
 * rotated before this migration recorded no link and each stay a lineage of their own.
 */
import type { Kysely, Migration } from "kysely";

export const keyLineagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("api_keys").addColumn("lineage_uuid", "text").execute();
  },
};
