/**
 * @module
 * How a long command shows progress on stderr: a live bar on a terminal, plain lines every few seconds otherwise
 * (logs, CI), so stdout keeps only the result. Each command says what its progress reads as (`ProgressView`).
 */
import cliProgress from "cli-progress";

/** Plain progress lines come at most this often (the first update is always shown). */
export const PLAIN_PROGRESS_INTERVAL_MS = 5_000;

export interface ProgressDisplay<Progress> {
  update(progress: Progress): void;
  stop(): void;
}

/** What one command's progress reads as, on a bar and in a plain line. */
export interface ProgressView<Progress> {
  /** The work done and of how much (bytes, most often); `total` null when it is not known. */
  amounts(progress: Progress): { done: number; total: number | null };
  /** The bar's format (cli-progress tokens and the names of `barValues`), knowing whether the total is known. */
  barFormat(sized: boolean): string;
  /** The values the bar's format names besides cli-progress's own. */
  barValues(progress: Progress, elapsedMs: number): Record<string, number | string>;
  /** The plain line shown off a terminal. */
  line(progress: Progress, elapsedMs: number): string;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

export function seconds(milliseconds: number): string {
  const total = Math.round(milliseconds / 1_000);
  return total < 90 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/** "about 6 s left" once a share of the work between 0 and 1 is done, else null. */
export function timeLeft(share: number, elapsedMs: number): string | null {
  return share > 0 && share < 1 ? `about ${seconds((elapsedMs * (1 - share)) / share)} left` : null;
}

/** Where progress goes: standard error, a bar when it is a terminal. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * The display for `stream`: a bar when it is a terminal.
 *
 * @example
 * const display = createProgressDisplay(process.stderr, importProgressView);
 * await importArchive({ ..., onProgress: (summary) => display.update(summary) });
 * display.stop();
 */
export function createProgressDisplay<Progress>(stream: ProgressStream, view: ProgressView<Progress>, now: () => number = Date.now): ProgressDisplay<Progress> {
  const started = now();
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | null = null;
    return {
      update(progress) {
        const elapsed = Math.max(1, now() - started);
        const { done, total } = view.amounts(progress);
        const values = view.barValues(progress, elapsed);
        if (!bar) {
          const sized = total !== null && total > 0;
          bar = new cliProgress.SingleBar({ stream, format: view.barFormat(sized), hideCursor: true, etaBuffer: 50 }, cliProgress.Presets.shades_classic);
          bar.start(sized ? total : 0, 0, values);
        }
        bar.update(total ? done : 0, values);
      },
      stop() {
        bar?.stop();
      },
    };
  }
  let lastLine = Number.NEGATIVE_INFINITY;
  return {
    update(progress) {
      const time = now();
      if (time - lastLine < PLAIN_PROGRESS_INTERVAL_MS) return;
      lastLine = time;
      stream.write(`${view.line(progress, time - started)}\n`);
    },
    stop() {},
  };
}
