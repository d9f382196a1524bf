/**
 * Migration 0098: `import_jobs.cancel_requested_at`, when a cancel of the job was asked for (`importJobs.requestCancel`):
 * the node that runs the job reads it at its next batch, whichever node the cancel reached, and ends the job
 * `cancelled`. Jobs recorded before have none.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const importJobCancelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_jobs add column cancel_requested_at bigint`.execute(db);
  },
};
