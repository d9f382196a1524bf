/**
 * @module
 * Whether a database file lets other users of the host in: one an earlier release made (before 2026-12-05 new files
 * took the umask's mode, 0644 by default) stays so through an upgrade, as its -wal and -shm files, which take its mode.
 */
import { statSync } from "node:fs";

/**
 * The permission bits of the database file at `path`, as `0644`, when its group or other users may read or write it;
 * null when only its owner may, for `:memory:`, a missing file, and on Windows (whose modes say nothing of this).
 *
 * @example databaseModeOpenToOthers("./data/rapport.db"); // "0644" for a file an earlier release made, null for one made since
 */
export function databaseModeOpenToOthers(path: string): string | null {
  if (path === ":memory:" || process.platform === "win32") return null;
  const mode = statSync(path, { throwIfNoEntry: false })?.mode;
  if (mode === undefined || (mode & 0o066) === 0) return null;
  return `0${(mode & 0o777).toString(8)}`;
}

/** What to do about such a file, said by `rapport status` and logged by `rapport serve`. */
export function databaseModeAdvice(path: string, mode: string): string {
  return `the database file is readable by other users of this host (mode ${mode}), and it holds personal data, key hashes and the OAuth signing keys: chmod 600 ${path} (its -wal and -shm files take its mode)`;
}
