/**
 * @module The store's clock for change stamps: a tenant's stamps never go below the latest one its data holds, so a
 * server clock stepped back (an NTP correction, a restored VM, a moved host) cannot stamp a write below the
 * watermark a poller already passed.
 */
import type SqliteDatabase from "better-sqlite3";

/**
 * The latest stamp a tenant's data holds: every time a poller filters or resumes on (`service_updated_at`, the
 * `updated_at` of the records that have one, the feed's `recorded_at`, the deletions log's `deleted_at`). A record's
 * `created_at` is never above its change time. One seek of an index on (tenant_uuid, time) per table.
 */
export const LATEST_TENANT_STAMP_SQL = `select max(
  coalesce((select max(service_updated_at) from persons where tenant_uuid = ?), 0),
  coalesce((select max(service_updated_at) from companies where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from opportunities where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from notes where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from tasks where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from meetings where tenant_uuid = ? and deleted_at is null), 0),
  coalesce((select max(recorded_at) from activity_feed where tenant_uuid = ?), 0),
  coalesce((select max(deleted_at) from record_deletions where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from users where tenant_uuid = ?), 0),
  coalesce((select max(updated_at) from entity_lists where tenant_uuid = ?), 0)
)`;

const TABLES_READ = 10;
/** Tenants whose latest stamp is kept between writes. */
const TENANTS_KEPT = 1_024;

/**
 * `now`, and for a tenant the later of `now` and the latest stamp already written for it. The latest stamp is read
 * from the database once per tenant and kept; read again after another connection committed (another process, the
 * long-write connection), which `pragma data_version` tells. Called inside the write's transaction, under the write
 * lock, so what it reads is every commit before this one. Per tenant: a poller reads one tenant, and a stamp of
 * another tenant's must not move this one's.
 *
 * @example
 * const now = createChangeStampClock(sqlite, Date.now);
 * const stamp = now(tenantUuid); // >= every stamp of the tenant already in the database
 */
export function createChangeStampClock(sqlite: SqliteDatabase.Database, now: () => number): (tenantUuid?: string) => number {
  const latestInDatabase = sqlite.prepare(LATEST_TENANT_STAMP_SQL).pluck();
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  const latest = new Map<string, number>();
  let seenVersion = dataVersion.get();
  return (tenantUuid) => {
    const time = now();
    if (tenantUuid === undefined) return time;
    const version = dataVersion.get();
    // Forgotten when another connection committed, and past TENANTS_KEPT tenants (a host's thousands): each is read
    // again in one seek per table.
    if (version !== seenVersion || latest.size >= TENANTS_KEPT) {
      latest.clear();
      seenVersion = version;
    }
    const floor = latest.get(tenantUuid) ?? Number(latestInDatabase.get(...new Array<string>(TABLES_READ).fill(tenantUuid)));
    const stamp = Math.max(time, floor);
    latest.set(tenantUuid, stamp);
    return stamp;
  };
}
