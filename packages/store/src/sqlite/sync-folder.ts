import { closeSync, fsyncSync, openSync } from "node:fs";

/**
 * Flushes `folder`'s entries (a file renamed into it) where the platform allows it: not on Windows, where the files
 * themselves are synced and only the rename might not survive a power cut.
 */
export function syncFolder(folder: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(folder, "r");
    fsyncSync(descriptor);
  } catch {
    // Not on every platform.
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
