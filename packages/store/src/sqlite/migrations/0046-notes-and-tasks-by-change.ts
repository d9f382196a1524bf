/**
 * Migration 0046: notes and tasks by their change time. `GET /v1/notes` and `GET /v1/tasks` are polled with
 * `updated_after` and `sort_by=updated_at` (a sync's watermark); with only the (tenant, created_at, uuid) indexes of
 * migration 0003, every page read all the tenant's notes or tasks and sorted them. Led by the tenant, then the
 * order's columns, so a page seeks its watermark and reads in order.
 */
import type { Kysely, Migration } from "kysely";

export const notesAndTasksByChangeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("notes_tenant_updated_at").on("notes").columns(["tenant_uuid", "updated_at", "uuid"]).execute();
    await db.schema.createIndex("tasks_tenant_updated_at").on("tasks").columns(["tenant_uuid", "updated_at", "uuid"]).execute();
  },
};
