/**
 * Migration 0043: an email's graph changes log entry on update (migration 0041) only for what a graph reads of the
 * email row itself, its time and subject. A merge moves the emails a person sent to the person they went into
 * (`from_person_uuid`), one update each: 0041 logged an entry for each, which every other process read back (or, past
 * the log's 100,000 entries, loaded the tenant again for) though the merge's own entry moves them all in a graph.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { logEntry } from "./0041-graph-changes.js";

export const graphChangesOfEmailContentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop trigger emails_log_graph_change_on_update`.execute(db);
    await sql
      .raw(
        `create trigger emails_log_graph_change_on_update after update of sent_at, subject on emails begin
      ${logEntry("NEW.tenant_uuid", "email", "NEW.uuid")}
    end`,
      )
      .execute(db);
  },
};
