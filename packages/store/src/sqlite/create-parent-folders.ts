/** @module Creates the folders a database file's path needs, failing with a clear error where Node's recursive mkdir would not return. */
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** True when `path` exists (as anything); false when nothing is there. Other failures (a permission) are thrown. */
function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return false;
    throw error;
  }
}

/** Makes `folder`; one another process made meanwhile (a second server starting on the same new path) will do. */
export function makeFolder(folder: string): void {
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !statSync(folder).isDirectory()) throw error;
  }
}

/**
 * Creates the missing folders of `filePath`'s parent, one at a time from the nearest existing one, and throws an
 * error naming `operation`, the folder and the file when one cannot be made. Node's `mkdirSync(..., { recursive:
 * true })` never returned under `/proc` (the kernel answers ENOENT for a folder whose parent exists, and Node 20
 * retries the parent forever), so `createSqliteStore({ path: "/proc/x/y" })` hung.
 *
 * @example createParentFolders("createSqliteStore", "./data/rapport.db");
 */
export function createParentFolders(operation: string, filePath: string): void {
  const missing: string[] = [];
  let folder = resolve(dirname(filePath));
  try {
    while (!exists(folder)) {
      missing.unshift(folder);
      const parent = dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
    for (const each of missing) makeFolder(each);
  } catch (error) {
    const failed = (error as NodeJS.ErrnoException).path ?? folder;
    throw new Error(`${operation}: cannot create the folder "${failed}" for the database file "${filePath}": ${(error as Error).message}`, { cause: error });
  }
}
