/**
 * Migration 0074: persons by their primary company. A company merge gives the persons whose primary company was the
 * superseded one the canonical one (`movePrimaryCompanies`, under the write lock); without the index that statement
 * walked every person of the tenant. Partial: only persons with a primary company carry it.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const personsByPrimaryCompanyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index persons_by_primary_company on persons (tenant_uuid, primary_company_uuid) where primary_company_uuid is not null`.execute(db);
  },
};
