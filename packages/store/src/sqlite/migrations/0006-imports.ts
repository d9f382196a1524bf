/** Migration 0006: import jobs (uploads run in the background) and the optional kept email bodies. */
import type { Kysely, Migration } from "kysely";

export const importsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("import_jobs")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("dry_run", "integer", (column) => column.notNull())
      .addColumn("file_name", "text")
      .addColumn("file_bytes", "bigint")
      .addColumn("options", "text", (column) => column.notNull().defaultTo("{}"))
      .addColumn("owner_user_uuid", "text")
      .addColumn("created_by_user_uuid", "text")
      .addColumn("items_processed", "bigint", (column) => column.notNull().defaultTo(0))
      .addColumn("bytes_processed", "bigint", (column) => column.notNull().defaultTo(0))
      .addColumn("summary", "text")
      .addColumn("error", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      // The heartbeat: a running job's runner refreshes it; a stale one means the runner is gone.
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("started_at", "bigint")
      .addColumn("finished_at", "bigint")
      .execute();
    await db.schema.createIndex("import_jobs_tenant_created").on("import_jobs").columns(["tenant_uuid", "created_at", "uuid"]).execute();
    await db.schema.createIndex("import_jobs_tenant_status").on("import_jobs").columns(["tenant_uuid", "status"]).execute();

    await db.schema
      .createTable("email_bodies")
      .addColumn("email_uuid", "text", (column) => column.primaryKey().references("emails.uuid"))
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("body_text", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
  },
};
