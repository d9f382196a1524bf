/**
 * Migration 0092: the activity feed's and the deletions log's entries for hard-deleted rows (an erased person, a file,
 * a list, an erased email) take the store's change stamp rather than the database's clock, which neither an injected
 * clock nor a tenant's floor (change-stamp-clock.ts: its stamps never go below its latest) governed, so a poller's
 * `since` could pass them by. The deleting write sets its stamp in `write_stamps` for its tenant while it deletes
 * (write-stamps.ts); the triggers read it there, else (a row deleted outside the store) the database's clock as before.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { numberedLogTriggers, WRITE_STAMP_OR_DATABASE_NOW } from "./numbered-log-triggers.js";

export const removalsStampedByTheStoreMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A row per tenant whose write is deleting, inside that write's transaction only.
    await sql`create table write_stamps (tenant_uuid text primary key, stamp integer not null) without rowid`.execute(db);
    const before = new Map(numberedLogTriggers());
    for (const [trigger, definition] of numberedLogTriggers(WRITE_STAMP_OR_DATABASE_NOW)) {
      if (before.get(trigger) === definition) continue;
      await sql`drop trigger ${sql.table(trigger)}`.execute(db);
      await sql.raw(`create trigger ${trigger} ${definition}`).execute(db);
    }
  },
};
