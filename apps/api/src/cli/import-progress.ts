/**
 * @module
 * How `rapport import` shows progress on stderr: a live bar on a terminal (items, rate, ETA from
 * the bytes read), plain lines every few seconds otherwise (logs, CI), so stdout keeps only the
 * summary.
 */
import cliProgress from "cli-progress";
import type { ImportSummary } from "../imports/import-summary.js";

/** Plain progress lines come at most this often (the first batch is always shown). */
export const PLAIN_PROGRESS_INTERVAL_MS = 5_000;

export interface ProgressDisplay {
  update(summary: ImportSummary): void;
  stop(): void;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function seconds(milliseconds: number): string {
  const total = Math.round(milliseconds / 1_000);
  return total < 90 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/** One plain progress line: items, share of bytes, rate and the time left. */
export function progressLine(summary: ImportSummary, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((summary.items.read * 1_000) / elapsedMs) : 0;
  const parts = [`import: ${summary.items.read} items read (${summary.items.written} written, ${summary.problems.count} problems)`];
  if (summary.bytes_total) {
    const share = summary.bytes_read / summary.bytes_total;
    parts.push(`${Math.floor(share * 100)}% of ${megabytes(summary.bytes_total)}`);
    if (share > 0 && share < 1) parts.push(`about ${seconds((elapsedMs * (1 - share)) / share)} left`);
  }
  parts.push(`${rate} items/s`);
  return parts.join(", ");
}

/**
 * The display for `stream`: a bar when it is a terminal.
 *
 * @example
 * const display = createProgressDisplay(process.stderr);
 * await importArchive({ ..., onProgress: (summary) => display.update(summary) });
 * display.stop();
 */
export function createProgressDisplay(stream: NodeJS.WriteStream, now: () => number = Date.now): ProgressDisplay {
  const started = now();
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | null = null;
    return {
      update(summary) {
        const elapsed = Math.max(1, now() - started);
        const payload = { items: summary.items.read, rate: Math.round((summary.items.read * 1_000) / elapsed), problems: summary.problems.count };
        if (!bar) {
          const sized = summary.bytes_total !== null && summary.bytes_total > 0;
          bar = new cliProgress.SingleBar(
            {
              stream,
              format: sized
                ? "{bar} {percentage}% | {items} items | {rate}/s | {problems} problems | ETA {eta_formatted}"
                : "{items} items | {rate}/s | {problems} problems | {duration_formatted}",
              hideCursor: true,
              etaBuffer: 50,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(sized ? summary.bytes_total! : 0, 0, payload);
        }
        bar.update(summary.bytes_total ? summary.bytes_read : 0, payload);
      },
      stop() {
        bar?.stop();
      },
    };
  }
  let lastLine = Number.NEGATIVE_INFINITY;
  return {
    update(summary) {
      const time = now();
      if (time - lastLine < PLAIN_PROGRESS_INTERVAL_MS) return;
      lastLine = time;
      stream.write(`${progressLine(summary, time - started)}\n`);
    },
    stop() {},
  };
}
