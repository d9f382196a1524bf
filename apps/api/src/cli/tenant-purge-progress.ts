/** How `rapport tenants purge` shows its progress (progress-display.ts): the rows removed of those counted, and the time left. */
import type { TenantPurgeProgress } from "@rapport/store";
import { createProgressDisplay, timeLeft, type ProgressDisplay, type ProgressView, type ProgressStream } from "./progress-display.js";

/** One plain progress line: the rows gone of the tenant's, the table the purge is at, and the time left. */
export function tenantPurgeProgressLine(progress: TenantPurgeProgress, elapsedMs: number): string {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  const parts = [`purge: ${progress.done} of ${progress.total} rows removed (${Math.floor(share * 100)}%)`, `at ${progress.table}`];
  const left = timeLeft(share, elapsedMs);
  if (left) parts.push(left);
  return parts.join(", ");
}

const tenantPurgeProgressView: ProgressView<TenantPurgeProgress> = {
  amounts: (progress) => ({ done: progress.done, total: progress.total }),
  barFormat: () => "{bar} {percentage}% | {value} of {total} rows | {table} | ETA {eta_formatted}",
  barValues: (progress) => ({ table: progress.table }),
  line: tenantPurgeProgressLine,
};

/**
 * The purge's display for `stream`: a bar when it is a terminal.
 *
 * @example
 * const display = createTenantPurgeProgressDisplay(process.stderr);
 * await store.tenants.purge(tenantUuid, { onProgress: (progress) => display.update(progress) });
 * display.stop();
 */
export function createTenantPurgeProgressDisplay(stream: ProgressStream, now: () => number = Date.now): ProgressDisplay<TenantPurgeProgress> {
  return createProgressDisplay(stream, tenantPurgeProgressView, now);
}
