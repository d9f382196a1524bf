/**
 * Migration 0050: live meetings by their change time. `GET /v1/meetings` is polled with `updated_after` and
 * `sort_by=updated_at` (a sync's watermark, an agent's "what changed"); through the (tenant, starts_at) indexes every
 * page read the tenant's live meetings and sorted them. As migration 0046 for notes and tasks: led by the tenant, then
 * the order's columns, live meetings only (as every list reads them).
 */
import { sql, type Kysely, type Migration } from "kysely";

export const meetingsByChangeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index meetings_live_updated on meetings (tenant_uuid, updated_at, uuid) where deleted_at is null`.execute(db);
  },
};
