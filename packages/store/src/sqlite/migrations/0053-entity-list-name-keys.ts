/**
 * Migration 0053: entity lists in case-insensitive name order. `GET /v1/lists` sorted by `name` as stored, so
 * "Zeta" came before "alpha". `name_key` is the name folded as `lower()` folds it (A–Z only, decision 0011),
 * computed by the database from `name` (a virtual generated column: every row has it at once, so there is nothing
 * to backfill, and no writer, the API's or a statement by hand, can leave it stale). Led by the tenant, then the
 * order's columns, so a page seeks its cursor and reads in order.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const entityListNameKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("entity_lists")
      .addColumn("name_key", "text", (column) => column.generatedAlwaysAs(sql`lower(name)`))
      .execute();
    await db.schema.createIndex("entity_lists_tenant_name_key").on("entity_lists").columns(["tenant_uuid", "name_key", "uuid"]).execute();
  },
};
