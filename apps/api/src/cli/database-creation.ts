/**
 * @module
 * The one rule of the commands that may create the database (CREATING_COMMANDS): what a creation made is removed
 * again when the opening that follows fails, however it fails (a full disk, a read-only folder, a bad setting). A
 * zero-byte file left behind was "no database" to every other command, and the creating ones took it for theirs.
 */
import { existsSync, rmdirSync, rmSync, truncateSync } from "node:fs";
import { dirname } from "node:path";
import { createDatabaseFileIfMissing, openingDatabase } from "./database-path.js";

/** One creating command's creation of the database at a path, and its undoing. */
export interface DatabaseCreation {
  /** createDatabaseFileIfMissing, remembering whether it created the database (a `true` sticks). */
  createIfMissing(): void;
  /** Whether the database was created. */
  readonly created: boolean;
  /**
   * Puts back what was there: removes the file it made with its `-wal` and `-shm` (a zero-byte file that was there is
   * emptied again instead) and the folders made for it that are still empty. Nothing when it created nothing.
   */
  undo(): void;
}

/**
 * The creation of the database at `path`, noting now what is missing (the folders above it, the file), for a
 * command whose opening may fail after it: call `undo` when it does.
 *
 * @example
 * const creation = databaseCreation(path);
 * try { creation.createIfMissing(); await open(); } catch (error) { creation.undo(); throw error; }
 */
export function databaseCreation(path: string): DatabaseCreation {
  const missingFolders = path === ":memory:" ? [] : missingFoldersOf(path);
  const fileWasThere = path !== ":memory:" && existsSync(path);
  let created = false;
  return {
    createIfMissing() {
      created = createDatabaseFileIfMissing(path) || created;
    },
    get created() {
      return created;
    },
    undo() {
      if (created) {
        for (const file of [`${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
        if (!fileWasThere) rmSync(path, { force: true });
        else if (existsSync(path)) truncateSync(path, 0);
      }
      removeEmptyFolders(missingFolders);
    },
  };
}

/**
 * Runs `open` in openingDatabase after creating the database at `path` if there is none; when it fails, undoes the
 * creation (databaseCreation) before the refusal goes on. The opened value, and whether the database was created.
 */
export async function openingCreatedDatabase<T>(path: string, open: () => Promise<T>): Promise<{ opened: T; created: boolean }> {
  const creation = databaseCreation(path);
  try {
    const opened = await openingDatabase(path, () => {
      creation.createIfMissing();
      return open();
    });
    return { opened, created: creation.created };
  } catch (error) {
    creation.undo();
    throw error;
  }
}

/** The folders above `path` that do not exist yet, deepest first: those a new database's creation makes. */
function missingFoldersOf(path: string): string[] {
  const missing: string[] = [];
  for (let folder = dirname(path); !existsSync(folder) && dirname(folder) !== folder; folder = dirname(folder)) missing.push(folder);
  return missing;
}

/** Removes each of `folders` that is empty, deepest first (a creation that failed part-way made only the upper ones). */
function removeEmptyFolders(folders: readonly string[]): void {
  for (const folder of folders) {
    try {
      rmdirSync(folder);
    } catch {
      // Never made, or not empty (something else was put there meanwhile): left as it is.
    }
  }
}
