/** @module Test helper: what an opportunity search condition selects, read straight from the database. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { searchCondition, type SearchPlan } from "../repositories/opportunity-list-query.js";

/** The `column` of the tenant's live opportunities that `search` matches under `plan`, sorted. */
export async function opportunitiesMatching(
  db: Kysely<Database>,
  tenantUuid: string,
  search: string,
  plan: SearchPlan,
  column: "uuid" | "name",
): Promise<string[]> {
  const rows = await db
    .selectFrom("opportunities as o")
    .select(["o.uuid", "o.name"])
    .where("o.tenant_uuid", "=", tenantUuid)
    .where("o.deleted_at", "is", null)
    .where(searchCondition(tenantUuid, search, plan))
    .execute();
  return rows.map((row) => row[column]).sort();
}
