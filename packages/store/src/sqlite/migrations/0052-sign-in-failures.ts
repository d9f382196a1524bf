/**
 * Migration 0052: the failed sign-ins of the OAuth sign-in page, one row per failure and per thing it counts
 * against (the email typed, the client's address), so that every server on the database throttles alike and a
 * restart forgets nothing. Deployment-wide, like `oauth_models`: a typed email names no tenant (it may name none at
 * all), so the table has no `tenant_uuid` and a tenant purge leaves it alone; its rows are pruned once their window
 * has passed. `subject` is a digest, not the text typed: people type passwords into the email field.
 */
import { type Kysely, type Migration } from "kysely";

export const signInFailuresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sign_in_failures")
      .addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      .addColumn("subject", "text", (column) => column.notNull())
      .addColumn("failed_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("sign_in_failures_subject").on("sign_in_failures").columns(["subject", "failed_at"]).execute();
    await db.schema.createIndex("sign_in_failures_failed_at").on("sign_in_failures").columns(["failed_at"]).execute();
  },
};
