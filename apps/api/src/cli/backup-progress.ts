/** How `rapport backup` shows its progress (progress-display.ts): the share of the database copied and the time left. */
import type { StoreBackupProgress } from "@rapport/store";
import { createProgressDisplay, megabytes, timeLeft, type ProgressDisplay, type ProgressView, type ProgressStream } from "./progress-display.js";

/** One plain progress line: how much of the database is copied, and the time left. */
export function backupProgressLine(progress: StoreBackupProgress, elapsedMs: number): string {
  const share = progress.bytesTotal > 0 ? progress.bytesCopied / progress.bytesTotal : 0;
  const parts = [`backup: ${megabytes(progress.bytesCopied)} of ${megabytes(progress.bytesTotal)} copied (${Math.floor(share * 100)}%)`];
  const left = timeLeft(share, elapsedMs);
  if (left) parts.push(left);
  return parts.join(", ");
}

const backupProgressView: ProgressView<StoreBackupProgress> = {
  amounts: (progress) => ({ done: progress.bytesCopied, total: progress.bytesTotal }),
  barFormat: () => "{bar} {percentage}% | {copied} of {size} | ETA {eta_formatted}",
  barValues: (progress) => ({ copied: megabytes(progress.bytesCopied), size: megabytes(progress.bytesTotal) }),
  line: backupProgressLine,
};

/**
 * The backup's display for `stream`: a bar when it is a terminal.
 *
 * @example
 * const display = createBackupProgressDisplay(process.stderr);
 * await store.backup(file, { onProgress: (progress) => display.update(progress) });
 * display.stop();
 */
export function createBackupProgressDisplay(stream: ProgressStream, now: () => number = Date.now): ProgressDisplay<StoreBackupProgress> {
  return createProgressDisplay(stream, backupProgressView, now);
}
