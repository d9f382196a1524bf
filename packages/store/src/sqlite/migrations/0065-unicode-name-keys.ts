/**
 * Migration 0065: each company's `name_match_key` (`companyNameKey` of its name), the key an import finds a company by
 * its name with, in place of migration 0040's `lower(trim(company_name))`, which folded A–Z only: "ВТБ" and "втб",
 * "ÖKO GmbH" and "öko gmbh" made two companies. A column the store writes with the name, not an index on a function
 * of ours: such an index makes every connection that writes or vacuums companies need the function (`rapport compact`'s
 * `VACUUM`, the long-write connection's worker, the `sqlite3` shell all failed with "no such function"). Companies
 * already named twice stay two; an import takes the oldest. Nothing a client reads changes, so no change time moves.
 * And every person, company and opportunity is noted for the name indexes again (`name_search_pending`, as migration
 * 0059 did): `foldName` now reads compatibility characters as their plain letters (NFKC: "ＴＡＮＡＫＡ" is "tanaka", "ﬁ"
 * "fi"), and the next searches of each tenant, or `store.nameSearch.catchUp` at start-up, index the names so folded.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { companyNameKey } from "../../repositories/company-name-key.js";

const NAMED_TABLES = [
  { table: "persons", entityType: "PERSON" },
  { table: "companies", entityType: "COMPANY" },
  { table: "opportunities", entityType: "OPPORTUNITY" },
] as const;

export const unicodeNameKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table companies add column name_match_key text`.execute(db);
    // A deleted tenant's rows refuse writes (migration 0031) and are never read again.
    const { rows } = await sql<{ uuid: string; company_name: string }>`select c.uuid, c.company_name
      from companies c join tenants t on t.uuid = c.tenant_uuid and t.deleted_at is null`.execute(db);
    for (const row of rows) await sql`update companies set name_match_key = ${companyNameKey(row.company_name)} where uuid = ${row.uuid}`.execute(db);
    await sql`drop index companies_match_name`.execute(db);
    await sql`create index companies_match_name_key on companies (tenant_uuid, name_match_key) where deleted_at is null`.execute(db);
    for (const { table, entityType } of NAMED_TABLES) {
      await sql`insert into name_search_pending (tenant_uuid, entity_type, uuid)
        select tenant_uuid, ${entityType}, uuid from ${sql.table(table)} order by rowid`.execute(db);
    }
  },
};
