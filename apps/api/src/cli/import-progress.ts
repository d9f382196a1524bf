/**
 * @module
 * How `rapport import` shows progress on stderr (progress-display.ts): a live bar on a terminal (items, rate, ETA
 * from the bytes read), plain lines every few seconds otherwise.
 */
import type { ImportSummary } from "../imports/import-summary.js";
import { counted } from "../platform/text/counted.js";
import { createProgressDisplay, megabytes, timeLeft, type ProgressDisplay, type ProgressView, type ProgressStream } from "./progress-display.js";

function itemsPerSecond(summary: ImportSummary, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((summary.items.read * 1_000) / elapsedMs) : 0;
}

/** One plain progress line: items, share of bytes, rate and the time left. A dry run counts what it would write. */
export function progressLine(summary: ImportSummary, elapsedMs: number): string {
  const written = `${summary.items.written} ${summary.dry_run ? "to write" : "written"}`;
  const parts = [`import${summary.dry_run ? " (dry run, nothing written)" : ""}: ${summary.items.read} items read (${written}, ${counted(summary.problems.count, "problem")})`];
  if (summary.bytes_total) {
    const share = summary.bytes_read / summary.bytes_total;
    parts.push(`${Math.floor(share * 100)}% of ${megabytes(summary.bytes_total)}`);
    const left = timeLeft(share, elapsedMs);
    if (left) parts.push(left);
  }
  parts.push(`${itemsPerSecond(summary, elapsedMs)} items/s`);
  return parts.join(", ");
}

const importProgressView: ProgressView<ImportSummary> = {
  amounts: (summary) => ({ done: summary.bytes_read, total: summary.bytes_total }),
  barFormat: (sized) =>
    sized ? "{bar} {percentage}% | {items} items | {rate}/s | {problems} | ETA {eta_formatted}" : "{items} items | {rate}/s | {problems} | {duration_formatted}",
  barValues: (summary, elapsedMs) => ({ items: summary.items.read, rate: itemsPerSecond(summary, elapsedMs), problems: counted(summary.problems.count, "problem") }),
  line: progressLine,
};

/**
 * The import's display for `stream`: a bar when it is a terminal.
 *
 * @example
 * const display = createImportProgressDisplay(process.stderr);
 * await importArchive({ ..., onProgress: (summary) => display.update(summary) });
 * display.stop();
 */
export function createImportProgressDisplay(stream: ProgressStream, now: () => number = Date.now): ProgressDisplay<ImportSummary> {
  return createProgressDisplay(stream, importProgressView, now);
}
