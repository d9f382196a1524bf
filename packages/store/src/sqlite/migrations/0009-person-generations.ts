/**
 * Migration 0009: the `persons` change generation (see migration 0007), raised by every write to what a
 * person record or a person's display record is read from: the person row, its emails and
 * affiliations, and the name, logo or deletion of a company (a display names its primary company).
 */
import type { Kysely, Migration } from "kysely";
import { raiseOn, raiseOnEveryWrite } from "./generation-triggers.js";

const PERSONS = "persons";

export const personGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const triggers = [
      ...raiseOnEveryWrite("persons", PERSONS),
      ...raiseOnEveryWrite("person_emails", PERSONS),
      ...raiseOnEveryWrite("affiliations", PERSONS),
      raiseOn("companies_raise_persons_on_insert", "insert", "companies", "NEW", PERSONS),
      raiseOn("companies_raise_persons_on_update", "update of company_name, logo_url, deleted_at", "companies", "NEW", PERSONS),
      raiseOn("companies_raise_persons_on_delete", "delete", "companies", "OLD", PERSONS),
    ];
    for (const trigger of triggers) await trigger.execute(db);
  },
};
