/**
 * @module
 * Each API process keeps its uploads in a folder of its own under `rapport-imports` in the OS temp folder, named
 * after its host and process id, so that a server starting can remove what a crashed one (SIGKILL, out of memory)
 * left behind without touching the uploads of another server running beside it.
 */
import { readdir, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";

/** The folder every process's upload folder is in. */
export const UPLOADS_FOLDER = join(tmpdir(), "rapport-imports");

/** `pid-<process id>@<host name>`: the host keeps apart servers of other machines or containers sharing the folder. */
const PROCESS_FOLDER_NAME = /^pid-(\d+)@(.+)$/;

/** The name of the upload folder of process `pid` on this host. */
export function processFolderName(pid: number, host = hostname()): string {
  return `pid-${pid}@${host}`;
}

/** Whether a process `pid` runs on this host (another user's included: signal 0 is then refused, not unknown). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface RemoveAbandonedOptions {
  /** The process starting: a folder of its own id was left by an earlier process (a container's pid 1, say). */
  pid?: number;
  host?: string;
  isRunning?: (pid: number) => boolean;
}

/**
 * Removes the upload folders under `folder` of this host's processes that are no longer running (and the one named
 * after `pid`, the process starting), leaving every other: a running server's, another host's, and anything not
 * named as a process folder. Resolves with the names removed; a folder it may not remove (another user's) is left.
 *
 * @example
 * const removed = await removeAbandonedUploadFolders(UPLOADS_FOLDER); // ["pid-4242@web-1"]
 */
export async function removeAbandonedUploadFolders(folder: string, options: RemoveAbandonedOptions = {}): Promise<string[]> {
  const { pid = process.pid, host = hostname(), isRunning = processIsRunning } = options;
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = PROCESS_FOLDER_NAME.exec(name);
    if (!match || match[2] !== host) continue;
    const owner = Number(match[1]);
    if (owner !== pid && isRunning(owner)) continue;
    try {
      await rm(join(folder, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Another user's folder on a shared temp folder: theirs to remove.
    }
  }
  return removed;
}
