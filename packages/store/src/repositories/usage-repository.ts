/**
 * Monthly request counts per tenant, persisted so that a restart does not reset them. The store's
 * root counts in memory between writes (sqlite/monthly-usage-buffer.ts); a transaction writes through.
 */
import { sql } from "kysely";
import type { UsageRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

export function createUsageRepository({ db, usageBuffer }: RepositoryContext): UsageRepository {
  return {
    async incrementMonthly(tenantUuid, month) {
      if (usageBuffer) return usageBuffer.increment(tenantUuid, month);
      const row = await db
        .insertInto("monthly_usage")
        .values({ tenant_uuid: tenantUuid, month, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(["tenant_uuid", "month"]).doUpdateSet({ count: sql`monthly_usage.count + 1` }),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async monthly(tenantUuid, month) {
      if (usageBuffer) return usageBuffer.current(tenantUuid, month);
      const row = await db
        .selectFrom("monthly_usage")
        .select("count")
        .where("tenant_uuid", "=", tenantUuid)
        .where("month", "=", month)
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
  };
}
