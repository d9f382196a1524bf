/**
 * How `rapport tenants export` and `rapport tenants import` show their progress (progress-display.ts): the records done
 * of the tenant's, the kind, and the time left.
 */
import { createProgressDisplay, timeLeft, type ProgressDisplay, type ProgressStream, type ProgressView } from "./progress-display.js";

/** Where an export or an import is: the records done of all the tenant's, and the kind being done. */
export interface TenantRecordsProgress {
  kind: string;
  done: number;
  total: number;
}

/** Which command a display is for: its name and what it does to a record ("written", "imported"). */
export interface TenantRecordsWork {
  command: "export" | "import";
  done: "written" | "imported";
}

/** One plain progress line: the records done, the kind being done, and the time left. */
export function tenantRecordsProgressLine(work: TenantRecordsWork, progress: TenantRecordsProgress, elapsedMs: number): string {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  const parts = [`${work.command}: ${progress.done} of ${progress.total} records ${work.done} (${Math.floor(share * 100)}%)`, `at ${progress.kind}`];
  // Guessed from the first records (users, a handful), the time left would be wild.
  const left = share >= 0.01 ? timeLeft(share, elapsedMs) : null;
  if (left) parts.push(left);
  return parts.join(", ");
}

const viewOf = (work: TenantRecordsWork): ProgressView<TenantRecordsProgress> => ({
  amounts: (progress) => ({ done: progress.done, total: progress.total }),
  barFormat: () => "{bar} {percentage}% | {value} of {total} records | {kind} | ETA {eta_formatted}",
  barValues: (progress) => ({ kind: progress.kind }),
  line: (progress, elapsedMs) => tenantRecordsProgressLine(work, progress, elapsedMs),
});

/**
 * The display of `work` for `stream`: a bar when it is a terminal, a plain line every few seconds otherwise.
 *
 * @example
 * const display = createTenantRecordsProgressDisplay({ command: "export", done: "written" }, process.stderr);
 * display.update({ kind: "persons", done: 1_000, total: 52_000 });
 * display.stop();
 */
export function createTenantRecordsProgressDisplay(
  work: TenantRecordsWork,
  stream: ProgressStream,
  now: () => number = Date.now,
): ProgressDisplay<TenantRecordsProgress> {
  return createProgressDisplay(stream, viewOf(work), now);
}
