/**
 * @module
 * The files of a folder import: every file under a folder whose name ends with an extension, symlinked
 * folders followed, each real folder visited once (a symlink loop would otherwise read the same files
 * again and again: Node's recursive `readdir` follows it until the path is too long).
 */
import { readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * Every file under `folder` whose name ends with `extension` (any case), sorted by path. A folder reached
 * again through a symlink (by its real path) is not read again; a broken symlink is passed over.
 *
 * @example
 * const messages = await listFolderFiles("./export", ".eml");
 */
export async function listFolderFiles(folder: string, extension: string): Promise<string[]> {
  const visited = new Set<string>();
  const found: string[] = [];
  const wanted = extension.toLowerCase();
  async function walk(directory: string): Promise<void> {
    const real = await realpath(directory);
    if (visited.has(real)) return;
    visited.add(real);
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await stat(path).catch(() => null);
        if (!target) continue;
        isFolder = target.isDirectory();
        isFile = target.isFile();
      }
      if (isFolder) await walk(path);
      else if (isFile && entry.name.toLowerCase().endsWith(wanted)) found.push(path);
    }
  }
  await walk(folder);
  return found.sort();
}
