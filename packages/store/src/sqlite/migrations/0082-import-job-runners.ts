/**
 * Migration 0082: which process runs an import job (`import_jobs.runner`: host, process id and a random id of the
 * process, as an idempotency claim names its claimer). A server killed while a job ran left it "running" until its
 * heartbeat was 30 s stale; a job of a process of this host that no longer runs is now failed when next read.
 * Jobs recorded before have none and keep the heartbeat's timeout.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const importJobRunnersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_jobs add column runner text`.execute(db);
  },
};
