// The walk behind the `remove-declarations` and `remove-built-code` tasks: a turbo cache restore adds the cached files
// and deletes none, so what an earlier tree built would stay in dist/ (and in the packed package) beside what the same
// inputs produced.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Deletes every file under `folder` whose name ends with one of `endings` (none when `folder` does not exist). */
export function removeFilesEnding(folder, endings) {
  let entries = [];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) removeFilesEnding(path, endings);
    else if (endings.some((ending) => entry.name.endsWith(ending))) rmSync(path);
  }
}
