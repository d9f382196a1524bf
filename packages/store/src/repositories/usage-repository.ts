/**
 * Monthly request counts per tenant, persisted so that a restart does not reset them. The store's
 * root counts in memory between writes (sqlite/monthly-usage-buffer.ts); a transaction writes through.
 * Only a live tenant's requests are counted: `monthly_usage` has no foreign key, so the tenant is checked
 * by the statement that reads (buffered) or writes (in a transaction) the count.
 */
import { sql } from "kysely";
import { NotFoundError } from "../errors.js";
import type { UsageRepository } from "../store.js";
import { assertCalendarMonth } from "./calendar-month.js";
import type { RepositoryContext } from "./repository-context.js";

export function createUsageRepository({ db, usageBuffer }: RepositoryContext): UsageRepository {
  /** The month's count with one more, or null when the tenant is not live (nothing is written then). */
  const incrementInDatabase = async (tenantUuid: string, month: string, added = 1): Promise<number | null> => {
    // The select's `where` also keeps SQLite from reading `on conflict` as a join's `on`.
    const { rows } = await sql<{ count: number }>`
      insert into monthly_usage (tenant_uuid, month, count)
      select uuid, ${month}, ${added} from tenants where uuid = ${tenantUuid} and deleted_at is null and importing_pid is null
      on conflict (tenant_uuid, month) do update set count = monthly_usage.count + excluded.count
      returning count`.execute(db);
    return rows[0] === undefined ? null : Number(rows[0].count);
  };
  // The tenant-months this process counts in the database at once, having reached their `exactFrom`: kept so, since
  // a count read again from the table between a write taken out of the buffer and its commit would be short of it.
  // By tenant, then month, as the buffer's counts: a request's check builds no key.
  const exactMonths = new Map<string, Set<string>>();
  return {
    async incrementMonthly(tenantUuid, month, exactFrom) {
      assertCalendarMonth(month, "usage.incrementMonthly");
      let count: number | null;
      if (!usageBuffer) count = await incrementInDatabase(tenantUuid, month);
      else if (exactMonths.get(tenantUuid)?.has(month)) count = await incrementInDatabase(tenantUuid, month, usageBuffer.take(tenantUuid, month) + 1);
      else {
        count = usageBuffer.increment(tenantUuid, month);
        if (count !== null && exactFrom !== undefined && count >= exactFrom) {
          exactMonths.set(tenantUuid, (exactMonths.get(tenantUuid) ?? new Set()).add(month));
          // This request and those counted in memory before it, in one statement: the count every process sharing the file reads.
          count = await incrementInDatabase(tenantUuid, month, usageBuffer.take(tenantUuid, month));
        }
      }
      if (count === null) throw new NotFoundError(`usage.incrementMonthly: tenant ${tenantUuid} not found`);
      return count;
    },
    async monthly(tenantUuid, month) {
      assertCalendarMonth(month, "usage.monthly");
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
