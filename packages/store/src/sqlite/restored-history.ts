/**
 * @module
 * A restore closes the activity feed and the deletions log before it (`closeRestoredHistory`): a poll from a position
 * the replaced database gave out is refused (the API's 410, copy again). A backup older than migration 0047 has no
 * history horizons to close: the restore notes its time, and the first open that has migrated the copy closes them.
 */
import type SqliteDatabase from "better-sqlite3";
import { HISTORY_LOGS, RESTORED_AT_SETTING } from "../history-retention/history-horizon.js";
import { LOG_SEQUENCES_TABLE } from "./migrations/0062-tenant-log-sequences.js";

/** The `settings` key under which a restore of a copy without history horizons leaves its time for `closePendingHistory`. */
const PENDING_SETTING = "history_close_pending_at";

function hasTable(db: SqliteDatabase.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name) !== undefined;
}

/**
 * Sets each tenant's history horizon (migration 0047) past every sequence the replaced database gave out, one number
 * past it, and at the restore's time: what a poller copied between the backup and the restore is gone from the copy
 * without a deletions log entry or a change time saying so, so a poll of the deletions log or the activity feed
 * from any earlier position (`after_sequence`, a cursor, `since`) answers 410, which tells it to copy everything
 * again, as a prune does. The number passed over keeps a poller that had seen the replaced database's last entry
 * from going on after it. `db` is the copy, its counters already raised to the replaced database's; one without
 * horizons (older than migration 0047) gets the restore's time noted, for `closePendingHistory` once it is migrated.
 */
export function closeRestoredHistory(db: SqliteDatabase.Database, now: number): void {
  if (!hasTable(db, "history_horizons")) {
    db.prepare("insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value").run(PENDING_SETTING, String(now));
    return;
  }
  db.exec(LOG_SEQUENCES_TABLE);
  const passOver = db.prepare(`insert into log_sequences (tenant_uuid, log, last_sequence) values (?, ?, 1)
    on conflict (tenant_uuid, log) do update set last_sequence = last_sequence + 1 returning last_sequence`);
  const close = db.prepare(`insert into history_horizons (tenant_uuid, log, pruned_through_sequence, pruned_through_time) values (?, ?, ?, ?)
    on conflict (tenant_uuid, log) do update set
      pruned_through_sequence = max(pruned_through_sequence, excluded.pruned_through_sequence),
      pruned_through_time = max(pruned_through_time, excluded.pruned_through_time)`);
  for (const tenantUuid of db.prepare("select uuid from tenants").pluck().all() as string[]) {
    for (const log of HISTORY_LOGS) {
      const { last_sequence } = passOver.get(tenantUuid, log) as { last_sequence: number };
      close.run(tenantUuid, log, last_sequence, now);
    }
  }
  // Its refusals then say a restore closed the logs: "pruned" sent an operator looking for a prune no one ran.
  db.prepare("insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value").run(RESTORED_AT_SETTING, String(now));
}

/**
 * Closes the history a restore of a copy older than migration 0047 could not (`closeRestoredHistory`), now that the
 * migrations have given it horizons and numbered its logs: called after every migration, it does nothing unless such a
 * restore's time is noted, and then closes at that time, in one transaction that also clears the note.
 */
export function closePendingHistory(db: SqliteDatabase.Database): void {
  const noted = db.prepare("select value from settings where key = ?").pluck().get(PENDING_SETTING) as string | undefined;
  if (noted === undefined || !hasTable(db, "history_horizons")) return;
  db.transaction(() => {
    closeRestoredHistory(db, Number(noted));
    db.prepare("delete from settings where key = ?").run(PENDING_SETTING);
  }).immediate();
}
