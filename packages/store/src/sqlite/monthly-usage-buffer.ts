/**
 * @module
 * Monthly request counts, counted in memory and added to `monthly_usage` in one write every
 * `flushAfterMs` and when the store closes. Every API request is counted: a write per request
 * (a WAL commit) cost more than the rest of a simple read. The count a process answers with is the
 * table's count when it first looked this flush period plus its own requests since; other processes'
 * requests show up after their next flush and ours. A crash loses at most the last period's counts.
 */
import type SqliteDatabase from "better-sqlite3";
import { createPeriodicWrites } from "./periodic-writes.js";

/** Counts of one tenant and month not yet written, over the table's count when first read. */
interface PendingCount {
  tenantUuid: string;
  month: string;
  stored: number;
  added: number;
}

export interface MonthlyUsageBuffer {
  /** Counts one request and returns the month's count with it; null (nothing counted) for a tenant that is not live. */
  increment(tenantUuid: string, month: string): number | null;
  /** The month's count: the table's and this process's not yet written. */
  current(tenantUuid: string, month: string): number;
  /** Forgets and returns this process's count of the month not yet written (0 when none), for a write of its own. */
  take(tenantUuid: string, month: string): number;
  /** Writes what is pending (skipped while a transaction is open on the connection; retried later). */
  flush(): void;
  /** Stops the timer and writes what is pending; call before closing the connection. */
  close(): void;
}

export function createMonthlyUsageBuffer(sqlite: SqliteDatabase.Database, flushAfterMs = 100): MonthlyUsageBuffer {
  const read = sqlite.prepare("select count from monthly_usage where tenant_uuid = ? and month = ?").pluck();
  // The first count of a period reads the stored one anyway: the tenant is checked in the same statement.
  const readOfLiveTenant = sqlite
    .prepare("select coalesce((select count from monthly_usage where tenant_uuid = uuid and month = ?), 0) from tenants where uuid = ? and deleted_at is null")
    .pluck();
  // Counted while the tenant was live, written only while it still is: a purge (tenants.purge) in another process
  // meanwhile would otherwise be followed by a row of the tenant it just removed.
  const add = sqlite.prepare(
    "insert into monthly_usage (tenant_uuid, month, count) select uuid, ?, ? from tenants where uuid = ? and deleted_at is null " +
      "on conflict (tenant_uuid, month) do update set count = monthly_usage.count + excluded.count",
  );
  const writeAll = sqlite.transaction((counts: PendingCount[]) => {
    for (const { tenantUuid, month, added } of counts) add.run(month, added, tenantUuid);
  });
  // By tenant, then by month: both arrive as strings the caller already holds, so counting builds no key.
  const pending = new Map<string, Map<string, PendingCount>>();
  const pendingCounts = () => [...pending.values()].flatMap((months) => [...months.values()]);
  const storedCount = (tenantUuid: string, month: string) => Number(read.get(tenantUuid, month) ?? 0);
  const { schedule, flush, close } = createPeriodicWrites(sqlite, flushAfterMs, {
    isEmpty: () => pending.size === 0,
    write: () => writeAll(pendingCounts()),
    // Forgotten once written: the next request reads the table again, with other processes' counts.
    clear: () => pending.clear(),
  });

  return {
    increment(tenantUuid, month) {
      let months = pending.get(tenantUuid);
      if (months === undefined) {
        months = new Map();
        pending.set(tenantUuid, months);
      }
      let count = months.get(month);
      if (count === undefined) {
        const stored = readOfLiveTenant.get(month, tenantUuid) as number | undefined;
        if (stored === undefined) {
          if (months.size === 0) pending.delete(tenantUuid);
          return null;
        }
        count = { tenantUuid, month, stored: Number(stored), added: 0 };
        months.set(month, count);
      }
      count.added += 1;
      schedule();
      return count.stored + count.added;
    },
    current(tenantUuid, month) {
      const count = pending.get(tenantUuid)?.get(month);
      return count === undefined ? storedCount(tenantUuid, month) : count.stored + count.added;
    },
    take(tenantUuid, month) {
      const months = pending.get(tenantUuid);
      const count = months?.get(month);
      if (months === undefined || count === undefined) return 0;
      months.delete(month);
      if (months.size === 0) pending.delete(tenantUuid);
      return count.added;
    },
    flush,
    close,
  };
}
