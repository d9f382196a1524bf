/**
 * @module
 * The one rule of the commands that may create the database (CREATING_COMMANDS): what a creation made is removed
 * again when the command fails, however it fails (a full disk, a read-only folder, a bad setting) and whether in the
 * opening or in the work that follows it (a full disk at a new tenant's insert, a server's port in use). A file left
 * behind was a database to every command that followed, the creating ones included, which no longer said they made one.
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

/** What withCreatedDatabase opens: a store, closed once the work is done. */
export interface ClosableDatabase {
  close(): Promise<void>;
}

/**
 * Runs `work` on what `open` opened at `path`, the database made there first when there is none, and closes it; when
 * the opening or the work fails, the creation is undone (databaseCreation) once what was opened is closed, before the
 * refusal goes on (a failing close after the work succeeded undoes nothing: the work is committed). A creating command that fails thus leaves no database it made, whatever step it failed at.
 *
 * @example
 * await withCreatedDatabase(path, () => openStore(path), (store, created) => store.tenants.create(tenant));
 */
export async function withCreatedDatabase<Opened extends ClosableDatabase, Result>(
  path: string,
  open: () => Promise<Opened>,
  work: (opened: Opened, created: boolean) => Promise<Result>,
): Promise<Result> {
  const creation = databaseCreation(path);
  const opened = await openingDatabase(path, () => {
    creation.createIfMissing();
    return open();
  }).catch((error: unknown) => {
    creation.undo();
    throw error;
  });
  let result: Result;
  try {
    result = await work(opened, creation.created);
  } catch (error) {
    // Closed first: a connection still open would write again the -wal and -shm the undo removes.
    await opened.close().catch(() => undefined);
    creation.undo();
    throw error;
  }
  // The work is done and committed: a close that fails now (a checkpoint on a full disk) leaves it in the -wal.
  await opened.close();
  return result;
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
