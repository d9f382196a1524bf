/**
 * Migration 0048: when each API key was last used, and an expiry for the key a rotation replaces.
 * `api_key_uses` is a table of its own rather than columns of `api_keys`: every write to `api_keys` raises the
 * tenant's `access` generation (migration 0007), which would drop the remembered key owners and the tenant's kept
 * answers each time a server writes its keys' last uses. `api_keys.expires_at` (null: never) is written once, by
 * a rotation, and after it the key answers 401 as a revoked one does.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const keyUsesAndExpiryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("api_keys").addColumn("expires_at", "bigint").execute();
    // No foreign key: a row says how a key was used, and must never stand in the way of what removes keys.
    await db.schema
      .createTable("api_key_uses")
      .addColumn("key_uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull())
      .addColumn("last_used_at", "bigint", (column) => column.notNull())
      .addColumn("last_used_via", "text", (column) => column.notNull().check(sql`last_used_via in ('rest', 'mcp')`))
      .execute();
  },
};
