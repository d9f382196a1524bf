/** How `rapport tenants import` shows its progress (progress-display.ts): the records imported of the export's, the kind, and the time left. */
import { createProgressDisplay, timeLeft, type ProgressDisplay, type ProgressStream, type ProgressView } from "./progress-display.js";
import type { TenantExportProgress } from "./tenant-export-progress.js";

/** One plain progress line: the records imported, the kind being imported, and the time left. */
export function tenantImportProgressLine(progress: TenantExportProgress, elapsedMs: number): string {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  const parts = [`import: ${progress.done} of ${progress.total} records imported (${Math.floor(share * 100)}%)`, `at ${progress.kind}`];
  // Guessed from the first records (users, a handful), the time left would be wild.
  const left = share >= 0.01 ? timeLeft(share, elapsedMs) : null;
  if (left) parts.push(left);
  return parts.join(", ");
}

const tenantImportProgressView: ProgressView<TenantExportProgress> = {
  amounts: (progress) => ({ done: progress.done, total: progress.total }),
  barFormat: () => "{bar} {percentage}% | {value} of {total} records | {kind} | ETA {eta_formatted}",
  barValues: (progress) => ({ kind: progress.kind }),
  line: tenantImportProgressLine,
};

/**
 * The import's display for `stream`: a bar when it is a terminal, a plain line every few seconds otherwise.
 *
 * @example
 * const display = createTenantImportProgressDisplay(process.stderr);
 * display.update({ kind: "persons", done: 1_000, total: 52_000 });
 * display.stop();
 */
export function createTenantImportProgressDisplay(stream: ProgressStream, now: () => number = Date.now): ProgressDisplay<TenantExportProgress> {
  return createProgressDisplay(stream, tenantImportProgressView, now);
}
