/**
 * Migration 0047: each tenant's history horizons. An operator may prune the activity feed's removals and the deletions
 * log older than a retention period (`history.prune`); a poller whose `after_sequence`, cursor or `since` points
 * before what was pruned would then miss changes without knowing. The horizon records, per tenant and log, the
 * newest sequence and time pruned, so that such a read is refused exactly (and one at or after it is not).
 */
import { sql, type Kysely, type Migration } from "kysely";

export const historyHorizonsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table history_horizons (
      tenant_uuid text not null,
      log text not null,
      pruned_through_sequence integer not null,
      pruned_through_time integer not null,
      primary key (tenant_uuid, log)
    ) without rowid`.execute(db);
  },
};
