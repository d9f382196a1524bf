import { closeSync, fsyncSync, openSync } from "node:fs";

/**
 * Flushes the bytes of the file at `path` to the disk: a file written without SQLite (`copyFileSync`) and then
 * renamed into place must be whole on the disk before its new name is, or a power cut leaves the name on garbage.
 */
export function syncFile(path: string): void {
  const descriptor = openSync(path, "r+");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
