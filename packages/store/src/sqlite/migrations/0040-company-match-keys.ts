/**
 * Migration 0040: live companies by the keys an import matches them on. `matchKeys.companyByDomain` compares
 * `lower(domain)` (with its www./http(s):// spellings) and `companyByName` `lower(trim(company_name))`; the
 * (tenant_uuid, domain) index cannot serve an expression, so each imported row naming a company walked every
 * company of the tenant (20,000 at benchmark scale L). Partial on live rows, as the lookups ask.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const companyMatchKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index companies_match_domain on companies (tenant_uuid, lower(domain)) where deleted_at is null`.execute(db);
    await sql`create index companies_match_name on companies (tenant_uuid, lower(trim(company_name))) where deleted_at is null`.execute(db);
  },
};
