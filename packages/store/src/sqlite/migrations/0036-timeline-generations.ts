/**
 * Migration 0036: the `timelines` change generation (see migration 0007), raised by every write to the rows a
 * person's or a company's activity is counted from: email participants, meeting attendees, meeting departures
 * (migration 0034) and the activity feed's entries (0032, 0033). What it keeps exact: the remembered totals of
 * `interactions.timeline` and `interactions.feed`, which counted every participation of the persons on each
 * numbered page (about 100 ms a page for the busiest person at the benchmark's scale L, 355,000 emails).
 */
import type { Kysely, Migration } from "kysely";
import { raiseOnEveryWrite, raiseStatementsUnderAnyPolicy } from "./generation-triggers.js";

/** The scope's name in `change_generations`. */
export const TIMELINES = "timelines";

/** The tables timelines' and the feed's totals are counted from, each raising the scope on every write. */
export const TIMELINE_TABLES = ["email_participants", "meeting_attendees", "meeting_departures", "activity_feed"] as const;

export const timelineGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Migration 0033's triggers write the feed with `insert or replace`: the raise must hold under that policy.
    for (const table of TIMELINE_TABLES) {
      for (const trigger of raiseOnEveryWrite(table, TIMELINES, "tenant_uuid", raiseStatementsUnderAnyPolicy)) await trigger.execute(db);
    }
  },
};
