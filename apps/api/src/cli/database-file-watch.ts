/**
 * @module
 * What `rapport serve` checks every few seconds beside serving: that its database path still names the file it has
 * open, and its `-wal` and `-shm` too. A file deleted or replaced under a running server (a clean-up's `rm`, a restore
 * made by hand without stopping it, a volume mounted again) left it writing to a file no one would see again: every
 * request succeeded, `/ready` said ready, and the writes were gone at the next start, without a line in the log. A
 * `-wal` or `-shm` deleted (a clean-up of "stray" files) split the database: a `rapport` command opening it made new
 * ones and saw none of the server's writes not yet checkpointed, and took the write lock beside the server's.
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
  /**
   * False while the database's files are those the server opened; else what `GET /ready` says (it answers 503): the
   * database file, or its `-wal` or `-shm`, names no file or another one.
   */
  lost(): false | string;
  stop(): void;
}

/** The server's files: the database, and the `-wal` and `-shm` SQLite keeps beside it while it is open. */
const COMPANIONS = ["", "-wal", "-shm"] as const;

/** What the log and `GET /ready` say when `suffix`'s file is gone or replaced. */
function lostMessage(suffix: (typeof COMPANIONS)[number], forReady: boolean): string {
  if (suffix === "") {
    return forReady
      ? "the database file was deleted or replaced while the server had it open: what it writes is lost; restart it on the database"
      : "the database file was deleted or replaced while the server had it open: what it writes is lost; stop it, put the database back, start it again";
  }
  // The server goes on with the file it has open; others opening the database make a new one and no longer share its
  // lock or see its latest writes, and two writers with two -wal files can damage the database.
  return `the database's ${suffix} file was deleted or replaced while the server had it open: other processes opening the database do not see its latest writes and may damage it; stop the server (a clean stop writes what it holds into the database file) and start it again`;
}

/**
 * Notes the files `path` and its `-wal` and `-shm` name now, then looks again every `intervalMs`: once one names no
 * file or another one, logs an error saying so (again every minute while it lasts) and `lost()` says what until it
 * names its file again. A `-wal` or `-shm` absent at the start is not watched.
 *
 * @example const watch = await watchDatabaseFile("/var/lib/rapport/rapport.db", logger); watch.lost(); // false
 */
export async function watchDatabaseFile(path: string, logger: Logger, intervalMs = DATABASE_FILE_WATCH_INTERVAL_MS): Promise<DatabaseFileWatch> {
  const opened = await Promise.all(COMPANIONS.map((suffix) => fileAt(path + suffix)));
  let lastLogged = -Infinity;
  let lost: false | string = false;
  const timer = setInterval(() => {
    void Promise.all(COMPANIONS.map((suffix) => fileAt(path + suffix))).then((now) => {
      const index = COMPANIONS.findIndex((_, at) => {
        const was = opened[at];
        const is = now[at];
        return was != null && (is == null || is.dev !== was.dev || is.ino !== was.ino);
      });
      lost = index === -1 ? false : lostMessage(COMPANIONS[index]!, true);
      if (index === -1) return;
      if (performance.now() - lastLogged < 60_000) return;
      lastLogged = performance.now();
      const found = now[index] == null ? "no file" : "another file";
      logger.error({ database: path, ...(index === 0 ? {} : { file: path + COMPANIONS[index] }), found }, lostMessage(COMPANIONS[index]!, false));
    });
  }, intervalMs);
  timer.unref();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}
