/**
 * Migration 0086: the live persons and companies that have a place, by country, state and city. An opportunity list's
 * `city`, `state` or `country` filter read every opportunity link of the tenant and each linked record's row to test
 * its place (at benchmark scale M, where no record has one, about 30 ms of processor time a page); it now finds the
 * records whose place matches in these indexes and their links by record. Partial: only records with a place carry
 * it, and a statement reads it only with the index's own condition (`coalesce(country, state, city) is not null`),
 * which every place filter implies.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const placesOfLinkedRecordsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["persons", "companies"]) {
      await sql`create index ${sql.raw(`${table}_live_places`)} on ${sql.table(table)} (tenant_uuid, country, state, city, uuid)
        where deleted_at is null and coalesce(country, state, city) is not null`.execute(db);
    }
  },
};
