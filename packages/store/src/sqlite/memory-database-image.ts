/**
 * @module
 * In-memory databases (`path: ":memory:"`, the throwaway stores of tests and of embedders' scratch work) and new
 * database files (new-database-file.ts) start from a copy of the first database this process migrated. Migrating an
 * empty database runs every migration: about 80 ms of processor time, in memory as in a file, where copying the
 * migrated image (under 1 MB) takes a tenth of a millisecond.
 */
import SqliteDatabase from "better-sqlite3";
import { openMigratedDatabase, type MigratedDatabaseOptions } from "./open-migrated-database.js";

/** Where new in-memory databases start: empty, then a copy of the first migrated one kept. */
export interface MemoryDatabaseImage {
  /** A new in-memory database: a copy of the kept image, or an empty one while none is kept. */
  open(): SqliteDatabase.Database;
  /** Keeps `sqlite`'s pages as the start of later databases, unless an image is kept already. */
  keep(sqlite: SqliteDatabase.Database): void;
  /** The kept pages (a serialized database), or null while none is kept. */
  pages(): Buffer | null;
}

/**
 * @example
 * const image = createMemoryDatabaseImage();
 * const sqlite = image.open(); // empty
 * migrate(sqlite);
 * image.keep(sqlite); // later opens start migrated
 */
export function createMemoryDatabaseImage(): MemoryDatabaseImage {
  let pages: Buffer | null = null;
  return {
    open: () => (pages === null ? new SqliteDatabase(":memory:") : new SqliteDatabase(pages)),
    keep: (sqlite) => {
      pages ??= sqlite.serialize();
    },
    pages: () => pages,
  };
}

/** The process's image for `createSqliteStore`: kept right after a store's migrations, before it writes anything of its own. */
export const migratedMemoryDatabase = createMemoryDatabaseImage();

/**
 * The pages of a freshly migrated database (a serialized SQLite database with no row but the migrations'): the
 * process's kept image, or, when none is kept yet, an in-memory database opened and migrated as `createSqliteStore`
 * opens every database (`onMigration` told of each migration), kept, then closed.
 *
 * @example
 * writeFileSync(temporary, await migratedDatabasePages({ lockWaitMs: 5000, mmapBytes: 0, synchronous: "normal", onMigration: undefined }));
 */
export async function migratedDatabasePages(options: MigratedDatabaseOptions): Promise<Buffer> {
  const kept = migratedMemoryDatabase.pages();
  if (kept !== null) return kept;
  const sqlite = migratedMemoryDatabase.open();
  const { db } = await openMigratedDatabase(sqlite, options);
  migratedMemoryDatabase.keep(sqlite);
  await db.destroy();
  return migratedMemoryDatabase.pages()!;
}
