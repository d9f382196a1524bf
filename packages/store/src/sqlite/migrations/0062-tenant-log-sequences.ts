/**
 * Migration 0062: each tenant's activity feed and deletions log get their own `sequence`. Both numbered their rows
 * with one `autoincrement` shared by every tenant (migrations 0032 and 0039), so a tenant polling its feed saw gaps
 * exactly where other tenants wrote: their write volume and timing.
 *
 * - `log_sequences` holds each tenant's last number per log, never lowered. The triggers inserting into the logs
 *   (migrations 0033, 0039 and 0054: numbered-log-triggers.ts) and the store's own inserts raise the tenant's counter
 *   by one and insert the row with it, so the row and its indexes are written once. An insert that leaves
 *   `sequence` null (a statement by hand) is numbered by an `after insert` trigger in the same statement: the counter
 *   raised, then the row updated with it. SQLite has one writer at a time and the counter is read under the write
 *   lock, so a tenant's numbers follow commit order and none is handed out twice; the (tenant, sequence) index is
 *   unique besides.
 * - Rows already issued keep their numbers, so a poller's `after_sequence` or cursor stays valid: the old rowid
 *   column becomes `id` (the row's key, still `autoincrement`) and `sequence` is filled from it. Each counter starts
 *   at the tenant's highest number so far (or its pruning horizon, when higher): its next row continues from there.
 *   The gaps in numbers issued before stay.
 * - The indexes that led to the rowid now carry `sequence` itself, so a page's seek and `since` read them alone.
 * - `log_sequences` may exist already: a restore of a backup taken before this migration raises the counters in
 *   the copy to the replaced database's (restore-database.ts); they are kept where higher.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { numberedLogTriggers } from "./numbered-log-triggers.js";

/** Each log's table and the indexes it is read by, besides its unique (tenant, sequence) one. */
const LOGS = [
  {
    table: "activity_feed",
    indexes: [
      ["activity_feed_by_kind", "tenant_uuid, kind, sequence"],
      ["activity_feed_by_time", "tenant_uuid, recorded_at, sequence"],
    ],
  },
  {
    table: "record_deletions",
    indexes: [
      ["record_deletions_by_type", "tenant_uuid, entity_type, sequence"],
      ["record_deletions_by_time", "tenant_uuid, deleted_at, sequence"],
    ],
  },
] as const;

/**
 * The trigger numbering a log's new row inserted without its number (by hand: every trigger and store statement
 * inserts it with its number, which keeps it). The upsert makes the tenant's counter on its first row.
 */
export function numberingTrigger(table: string): string {
  return `create trigger ${table}_take_sequence after insert on ${table} when NEW.sequence is null begin
      insert into log_sequences (tenant_uuid, log, last_sequence) values (NEW.tenant_uuid, '${table}', 1)
        on conflict (tenant_uuid, log) do update set last_sequence = last_sequence + 1;
      update ${table} set sequence = (select last_sequence from log_sequences where tenant_uuid = NEW.tenant_uuid and log = '${table}')
        where id = NEW.id;
    end`;
}

/** The counters' table, as this migration and a restore into a database before it create it. */
export const LOG_SEQUENCES_TABLE = `create table if not exists log_sequences (
    tenant_uuid text not null,
    log text not null,
    last_sequence integer not null,
    primary key (tenant_uuid, log)
  ) without rowid`;

export const tenantLogSequencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql.raw(LOG_SEQUENCES_TABLE).execute(db);
    // The feed's update trigger would raise the tenant's generation once per row filled below; made again after.
    await sql`drop trigger activity_feed_raise_timelines_on_update`.execute(db);
    for (const { table, indexes } of LOGS) {
      const name = sql.table(table);
      for (const [index] of indexes) await sql`drop index ${sql.table(index)}`.execute(db);
      await sql`drop index ${sql.table(`${table}_by_tenant`)}`.execute(db);
      // Renaming keeps the rows and their rowids where they are (no copy of the table); the new column is added
      // without writing a row, and filled by one pass in rowid order.
      await sql`alter table ${name} rename column sequence to id`.execute(db);
      await sql`alter table ${name} add column sequence integer`.execute(db);
      await sql`update ${name} set sequence = id`.execute(db);
      await sql`create unique index ${sql.table(`${table}_by_tenant`)} on ${name} (tenant_uuid, sequence)`.execute(db);
      for (const [index, columns] of indexes) await sql`create index ${sql.table(index)} on ${name} (${sql.raw(columns)})`.execute(db);
      // One seek of the (tenant, sequence) index per tenant for its highest number; a pruned log's horizon may be
      // higher (its newest entries pruned): a poller may hold that number.
      await sql`insert into log_sequences (tenant_uuid, log, last_sequence)
        select tenant_uuid, ${table}, newest from (
          select tenants.uuid as tenant_uuid, max(
            coalesce((select max(entry.sequence) from ${name} as entry where entry.tenant_uuid = tenants.uuid), 0),
            coalesce((select horizon.pruned_through_sequence from history_horizons as horizon where horizon.tenant_uuid = tenants.uuid and horizon.log = ${table}), 0)
          ) as newest from tenants)
        where newest > 0
        on conflict (tenant_uuid, log) do update set last_sequence = max(last_sequence, excluded.last_sequence)`.execute(db);
      await sql.raw(numberingTrigger(table)).execute(db);
    }
    for (const [trigger, definition] of numberedLogTriggers()) {
      await sql`drop trigger ${sql.table(trigger)}`.execute(db);
      await sql.raw(`create trigger ${trigger} ${definition}`).execute(db);
    }
    // Numbering a row is part of its insert, which raised the generation already.
    await sql`create trigger activity_feed_raise_timelines_on_update after update on activity_feed when OLD.sequence is not null begin
      insert into change_generations (tenant_uuid, scope, generation) values (NEW.tenant_uuid, 'timelines', 1)
        on conflict (tenant_uuid, scope) do update set generation = generation + 1;
    end`.execute(db);
  },
};
