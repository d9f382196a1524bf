/** How `rapport tenants export` shows its progress (progress-display.ts): the records written of the tenant's, the kind, and the time left. */
import { createProgressDisplay, timeLeft, type ProgressDisplay, type ProgressStream, type ProgressView } from "./progress-display.js";

/** Where an export is: the records written of all the tenant's, and the kind being written. */
export interface TenantExportProgress {
  kind: string;
  done: number;
  total: number;
}

/** One plain progress line: the records written, the kind being written, and the time left. */
export function tenantExportProgressLine(progress: TenantExportProgress, elapsedMs: number): string {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  const parts = [`export: ${progress.done} of ${progress.total} records written (${Math.floor(share * 100)}%)`, `at ${progress.kind}`];
  // Guessed from the first records (users, a handful), the time left would be wild.
  const left = share >= 0.01 ? timeLeft(share, elapsedMs) : null;
  if (left) parts.push(left);
  return parts.join(", ");
}

const tenantExportProgressView: ProgressView<TenantExportProgress> = {
  amounts: (progress) => ({ done: progress.done, total: progress.total }),
  barFormat: () => "{bar} {percentage}% | {value} of {total} records | {kind} | ETA {eta_formatted}",
  barValues: (progress) => ({ kind: progress.kind }),
  line: tenantExportProgressLine,
};

/**
 * The export's display for `stream`: a bar when it is a terminal, a plain line every few seconds otherwise.
 *
 * @example
 * const display = createTenantExportProgressDisplay(process.stderr);
 * display.update({ kind: "persons", done: 1_000, total: 52_000 });
 * display.stop();
 */
export function createTenantExportProgressDisplay(stream: ProgressStream, now: () => number = Date.now): ProgressDisplay<TenantExportProgress> {
  return createProgressDisplay(stream, tenantExportProgressView, now);
}
