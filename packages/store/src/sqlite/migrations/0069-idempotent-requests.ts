/**
 * Migration 0069: the writes sent with an `Idempotency-Key` header, kept for a day so that a client retrying one after
 * a lost answer gets the first answer again instead of a second record. One row per tenant, caller (API key and user
 * context) and key: pending while the first request runs (`status` null), then its answer. Tenant-scoped: a tenant
 * purge removes them with the tenant's other rows; an erasure removes the tenant's (an answer may name the person).
 */
import { type Kysely, type Migration } from "kysely";

export const idempotentRequestsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("idempotent_requests")
      .addColumn("tenant_uuid", "text", (column) => column.notNull())
      .addColumn("caller", "text", (column) => column.notNull())
      .addColumn("idempotency_key", "text", (column) => column.notNull())
      .addColumn("fingerprint", "text", (column) => column.notNull())
      .addColumn("claim", "text", (column) => column.notNull())
      .addColumn("claimed_at", "bigint", (column) => column.notNull())
      .addColumn("status", "integer")
      .addColumn("response", "text")
      .addColumn("expires_at", "bigint", (column) => column.notNull())
      .addPrimaryKeyConstraint("idempotent_requests_pk", ["tenant_uuid", "caller", "idempotency_key"])
      .execute();
    await db.schema.createIndex("idempotent_requests_expires_at").on("idempotent_requests").columns(["expires_at"]).execute();
  },
};
