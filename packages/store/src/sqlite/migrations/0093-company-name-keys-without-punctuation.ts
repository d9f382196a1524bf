/**
 * Migration 0093: a company's `name_match_key` leaves out punctuation, spaces and ® ™ ℠ © (`companyNameKey`), so an
 * import finds "Acme, Inc." by the "ACME INC" or "Acme Inc." another file writes instead of making a second company.
 * Every live tenant's companies are keyed again (most names hold a space); no change time moves (`writeKeysAside`). Two
 * companies that now share a key stay two: an import finds the oldest, as it did for two of one spelling.
 */
import type { Kysely, Migration } from "kysely";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

export const companyNameKeysWithoutPunctuationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await writeKeysAside(db, "companies", [{ source: "company_name", key: "name_match_key", keyOf: companyNameKey }]);
  },
};
