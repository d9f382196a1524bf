/**
 * Migration 0012: the opportunity list's totals (count, value and weighted value of every live opportunity
 * matching the filters) read from one covering index. Without filters SQLite walked the tenant through an
 * index and fetched each row from the table: about 175 ms for 100,000 opportunities, more than the rest of
 * the request. With it the same totals read only this index (5.7x quicker at scale M).
 */
import { sql, type Kysely, type Migration } from "kysely";

export const opportunityTotalsIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index opportunities_tenant_totals on opportunities (tenant_uuid, deleted_at, value, weighted_value)`.execute(db);
  },
};
