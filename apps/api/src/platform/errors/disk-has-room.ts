/**
 * @module
 * Whether the file system holding the database has room for writes again: what ends a full disk, where a write that
 * succeeds proves nothing (one that needs no new page, an update in place or into a reset `-wal`, succeeds on a full disk).
 */
import { statfsSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The room that counts as free: the `-wal` grows by pages until a checkpoint, the store's after about 1,000 of them
 * (4 MiB); less than that fills again at the next busy minute.
 */
export const DISK_ROOM_BYTES = 4 * 1024 * 1024;

/**
 * A probe of the room on the file system holding the database at `databasePath`: true when at least `bytes` are
 * available to this process's user (and when the file system cannot be asked, a `:memory:` database's included: no
 * answer is no reason to keep saying the disk is full).
 *
 * @example
 * const hasRoom = diskHasRoom("./data/rapport.db");
 * hasRoom(); // false while less than 4 MiB are free on ./data's file system
 */
export function diskHasRoom(databasePath: string, bytes: number = DISK_ROOM_BYTES): () => boolean {
  const folder = dirname(databasePath);
  return () => {
    if (databasePath === ":memory:") return true;
    try {
      const space = statfsSync(folder, { bigint: true });
      return space.bavail * space.bsize >= BigInt(bytes);
    } catch {
      return true;
    }
  };
}
