/**
 * Migration 0022: the index of a person's emails holds what the person's records show of them (primary
 * first, then by age, then the address), so reading the emails of many persons (`loadPersonEmails`:
 * display records, person records) is one seek per person, not a seek and a table row per email. At
 * benchmark scale L, the emails of 1,360 persons drawn at random took 7.3 ms instead of 11 to 14 ms.
 * It replaces the index on `person_uuid` alone, whose lookups it serves.
 */
import type { Kysely, Migration } from "kysely";

export const personEmailsByPersonMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("person_emails_by_person")
      .on("person_emails")
      .columns(["person_uuid", "tenant_uuid", "is_primary", "created_at", "address"])
      .execute();
    await db.schema.dropIndex("person_emails_person").execute();
  },
};
