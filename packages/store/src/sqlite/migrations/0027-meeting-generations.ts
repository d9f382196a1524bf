/**
 * Migration 0027: the `meetings` change generation (see migration 0007), raised by every write to a meeting
 * row. What it keeps exact: the remembered total of a meeting list (`meetings.list` without an attendee
 * filter), which counted the tenant's live meetings on every page (about 20 ms a page at benchmark scale L).
 */
import type { Kysely, Migration } from "kysely";
import { raiseOnEveryWrite } from "./generation-triggers.js";

export const meetingGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const trigger of raiseOnEveryWrite("meetings", "meetings")) await trigger.execute(db);
  },
};
