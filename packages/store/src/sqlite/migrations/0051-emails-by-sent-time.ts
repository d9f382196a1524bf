/**
 * Migration 0051: the tenant's emails by sent time carry their uuid, so `emails.list` (`GET /v1/emails`), ordered by
 * (`sent_at`, uuid), reads a page and seeks a cursor's place from the index alone; with (tenant, `sent_at`) only,
 * each page sorted the emails of its first `sent_at` values again by uuid. The index keeps its name and leading
 * columns, so every read seeking it still does.
 */
import type { Kysely, Migration } from "kysely";

export const emailsBySentTimeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("emails_tenant_sent").execute();
    await db.schema.createIndex("emails_tenant_sent").on("emails").columns(["tenant_uuid", "sent_at", "uuid"]).execute();
  },
};
