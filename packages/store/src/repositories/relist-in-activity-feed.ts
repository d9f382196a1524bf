/** @module Entries written again at the end of a tenant's activity feed, numbered in their own insert. */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * Inserts (`insert or replace`, on the (item, kind) key) the entries `entries` selects (columns `kind`, `item_uuid`,
 * `recorded_at`, `ever_listed`; every one the tenant's) at the end of `tenantUuid`'s feed: the tenant's counter
 * raised by their number first, then each given its own, so the rows are written once, not numbered after by
 * migration 0062's trigger. Run in a transaction: the two statements read the same entries. Returns how many.
 */
export async function relistInActivityFeed(db: Kysely<Database>, tenantUuid: string, entries: RawBuilder<unknown>): Promise<number> {
  await sql`insert into log_sequences (tenant_uuid, log, last_sequence)
    select ${tenantUuid}, 'activity_feed', entries from (select count(*) as entries from (${entries})) where entries > 0
    on conflict (tenant_uuid, log) do update set last_sequence = last_sequence + excluded.last_sequence`.execute(db);
  const result = await sql`insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence)
    select ${tenantUuid}, kind, item_uuid, recorded_at, ever_listed,
      (select last_sequence from log_sequences where tenant_uuid = ${tenantUuid} and log = 'activity_feed') - count(*) over () + row_number() over (order by item_uuid)
    from (${entries}) where true`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
