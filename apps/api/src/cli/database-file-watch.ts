/**
 * @module
 * What `rapport serve` checks every few seconds beside serving: that its database path still names the file it has
 * open. A file deleted or replaced under a running server (a clean-up's `rm`, a restore made by hand without stopping
 * it, a volume mounted again) left it writing to a file no one would see again: every request succeeded, `/ready`
 * said ready, and the writes were gone at the next start, without a line in the log.
 */
import { stat } from "node:fs/promises";
import type { Logger } from "pino";

/** Between two looks at the database path: one `stat`, nothing read. */
export const DATABASE_FILE_WATCH_INTERVAL_MS = 2_000;

/** The file a path names: its device and inode, or null when there is none. */
async function fileAt(path: string): Promise<{ dev: number; ino: number } | null> {
  try {
    const { dev, ino } = await stat(path);
    return { dev, ino };
  } catch {
    return null;
  }
}

/** A running watch: whether the path named another file or none at the last look, and how to stop it. */
export interface DatabaseFileWatch {
  /** True while the path names no file or another one than the server opened (`GET /ready` then answers 503). */
  lost(): boolean;
  stop(): void;
}

/**
 * Notes the file `path` names now, then looks again every `intervalMs`: once the path names no file or another one,
 * logs an error saying so (again every minute while it lasts) and `lost()` answers true until it names the file again.
 *
 * @example const watch = await watchDatabaseFile("/var/lib/rapport/rapport.db", logger); watch.lost(); // false
 */
export async function watchDatabaseFile(path: string, logger: Logger, intervalMs = DATABASE_FILE_WATCH_INTERVAL_MS): Promise<DatabaseFileWatch> {
  const opened = await fileAt(path);
  let lastLogged = -Infinity;
  let lost = false;
  const timer = setInterval(() => {
    void fileAt(path).then((now) => {
      lost = opened !== null && (now === null || now.dev !== opened.dev || now.ino !== opened.ino);
      if (!lost) return;
      if (performance.now() - lastLogged < 60_000) return;
      lastLogged = performance.now();
      logger.error(
        { database: path, found: now === null ? "no file" : "another file" },
        "the database file was deleted or replaced while the server had it open: what it writes is lost; stop it, put the database back, start it again",
      );
    });
  }, intervalMs);
  timer.unref();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}
