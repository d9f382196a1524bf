/** A file this process cannot open for reading, for tests of read failures, run as root too. */
import { closeSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A path in `folder` named `name` holding `content` with no permissions, or, where this process reads it anyway (as
 * root), `/proc/1/environ`; null when both can be read.
 *
 * @example
 * const locked = unreadableFile(folder, "locked.csv", "First Name,Email\n");
 */
export function unreadableFile(folder: string, name: string, content: string): string | null {
  const locked = join(folder, name);
  writeFileSync(locked, content, { mode: 0 });
  for (const candidate of [locked, "/proc/1/environ"]) {
    try {
      closeSync(openSync(candidate, "r"));
    } catch {
      return candidate;
    }
  }
  return null;
}
