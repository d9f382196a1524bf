/** The files this process holds open under a folder, for tests that a refused read lets its file go. */
import { readdirSync, readlinkSync } from "node:fs";

/**
 * The paths under `folder` this process has a descriptor open on, by Linux's /proc/self/fd (a deleted file's path ends
 * in " (deleted)"): counted now, with no garbage collection, which would close a forgotten FileHandle by chance.
 *
 * @example
 * expect(heldFilesUnder(UPLOADS_FOLDER)).toEqual([]);
 */
export function heldFilesUnder(folder: string): string[] {
  const targets = readdirSync("/proc/self/fd").map((descriptor) => {
    try {
      return readlinkSync(`/proc/self/fd/${descriptor}`);
    } catch {
      // The descriptor readdir itself held, closed since.
      return "";
    }
  });
  return targets.filter((target) => target.startsWith(folder));
}
