/**
 * Migration 0010: the `companies` change generation (see migration 0007), raised by every write to a
 * company row, which is all a company record is read from.
 */
import type { Kysely, Migration } from "kysely";
import { raiseOnEveryWrite } from "./generation-triggers.js";

export const companyGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const trigger of raiseOnEveryWrite("companies", "companies")) await trigger.execute(db);
  },
};
