/**
 * Migration 0044: a meeting's graph changes log entry on update (migration 0041) for every column but its organizer.
 * A merge moves the meetings the merged-away person organised to the person they went into (`organizer_person_uuid`),
 * one update each, which 0041 logged an entry for each of, though the merge's own entry moves them all in a graph
 * (as 0043 did for an email's sender). Every other write of a meeting a graph reads sets `updated_at`, its time,
 * status or deletion (a `PUT` of its organizer or attendees too), so it is still logged.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { logEntry } from "./0041-graph-changes.js";

const COLUMNS_BUT_ORGANIZER = [
  "uuid",
  "tenant_uuid",
  "title",
  "starts_at",
  "ends_at",
  "status",
  "location",
  "external_id",
  "created_by_user_uuid",
  "created_at",
  "updated_at",
  "deleted_at",
];

export const graphChangesOfMeetingContentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop trigger meetings_log_graph_change_on_update`.execute(db);
    await sql
      .raw(
        `create trigger meetings_log_graph_change_on_update after update of ${COLUMNS_BUT_ORGANIZER.join(", ")} on meetings begin
      ${logEntry("NEW.tenant_uuid", "meeting", "NEW.uuid")}
    end`,
      )
      .execute(db);
  },
};
