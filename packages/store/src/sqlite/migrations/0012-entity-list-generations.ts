/**
 * Migration 0012: the `entity_lists` change generation (see migration 0007), raised by every write to a
 * list membership: what the membership counts of recommended-paths signals are read from. With it, every
 * table a relationship read depends on raises a generation (see `Store.revision`).
 */
import type { Kysely, Migration } from "kysely";
import { raiseOnEveryWrite } from "./generation-triggers.js";

export const entityListGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const trigger of raiseOnEveryWrite("entity_list_members", "entity_lists")) await trigger.execute(db);
  },
};
