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

/**
 * Notes the file `path` names now, then looks again every `intervalMs`: once the path names no file or another one,
 * logs an error saying so (again every minute while it lasts). The returned function stops it.
 */
export async function watchDatabaseFile(path: string, logger: Logger, intervalMs = DATABASE_FILE_WATCH_INTERVAL_MS): Promise<() => void> {
  const opened = await fileAt(path);
  let lastLogged = -Infinity;
  const timer = setInterval(() => {
    void fileAt(path).then((now) => {
      if (opened === null || (now !== null && now.dev === opened.dev && now.ino === opened.ino)) return;
      if (performance.now() - lastLogged < 60_000) return;
      lastLogged = performance.now();
      logger.error(
        { database: path, found: now === null ? "no file" : "another file" },
        "the database file was deleted or replaced while the server had it open: what it writes is lost; stop it, put the database back, start it again",
      );
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
