/**
 * @module
 * A SQLite connection made the store's: its settings, then every pending migration. What `createSqliteStore` does to
 * every database it opens, and to the in-memory one whose pages new databases start from (memory-database-image.ts).
 */
import type SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { registerFoldName } from "../repositories/fold-name.js";
import type { GenerationSnapshots } from "./generation-snapshots.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { migrateToLatest, refuseIncompatibleDatabase } from "./migrate-to-latest.js";
import type { MigrationObserver } from "./observed-migrations.js";
import { createGenerationSnapshots } from "./remembered-reads.js";
import { closePendingHistory } from "./restored-history.js";
import { withStatementCache } from "./statement-cache.js";

/** How the store's connections sync their commits to the disk (`PRAGMA synchronous`). */
export type SqliteSynchronous = "normal" | "full";

/** How `openMigratedDatabase` sets the connection up. */
export interface MigratedDatabaseOptions {
  /** How long a write waits for another connection's write lock, in milliseconds. */
  lockWaitMs: number;
  /** Bytes of the file read through a memory map (`PRAGMA mmap_size`); 0 for none. */
  mmapBytes: number;
  /** SQLite's `synchronous` setting: `full` also syncs each commit to the disk (see `SqliteStoreOptions.synchronous`). */
  synchronous: SqliteSynchronous;
  /** Told each migration applied. */
  onMigration: MigrationObserver | undefined;
}

/** The store's Kysely instance over the connection, and the change generations its writes forget. */
export interface MigratedDatabase {
  db: Kysely<Database>;
  generations: GenerationSnapshots;
}

/**
 * Gives `sqlite` the store's settings (WAL, `synchronous` NORMAL or FULL, foreign keys, no commit checkpoints, ...) and
 * applies every pending migration. Refuses a newer Rapport's database or another application's before writing
 * anything, the journal mode in the file's header included. On a failure the Kysely instance is destroyed (the
 * connection closed) and the error thrown.
 *
 * @example
 * const { db } = await openMigratedDatabase(new SqliteDatabase(path), { lockWaitMs: 5000, mmapBytes: 0, synchronous: "normal", onMigration: undefined });
 */
export async function openMigratedDatabase(sqlite: SqliteDatabase.Database, options: MigratedDatabaseOptions): Promise<MigratedDatabase> {
  const { lockWaitMs, mmapBytes, synchronous, onMigration } = options;
  sqlite.pragma(`busy_timeout = ${lockWaitMs}`);
  registerFoldName(sqlite);
  const generations = createGenerationSnapshots(sqlite);
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionsSqliteDialect({ database: withStatementCache(sqlite, { onWrite: generations.forget }) }, { waitForLocksMs: lockWaitMs }),
  });
  try {
    // Before anything is written, the journal mode in the file's header included: a newer version's database or
    // another application's is left as it is.
    await refuseIncompatibleDatabase(db);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma(`synchronous = ${synchronous.toUpperCase()}`);
    sqlite.pragma("foreign_keys = ON");
    // Every update and delete zeros the old bytes in the pages it writes anyway (no more I/O: 3,000 persons,
    // emails and renames took the same time): a value replaced before a person's erasure (a former name, an
    // address written again) is not left in the pages' free space, where the erasure cannot find it. Erasures
    // turn it fully on (erasure/with-secure-delete.ts), freed pages included.
    sqlite.pragma("secure_delete = FAST");
    // No commit checkpoints: the one that crossed the threshold copied the WAL into the file on the event loop
    // (85 ms at the median for a one-email write at 40 MB on a scale M tenant). A worker thread checkpoints instead.
    sqlite.pragma("wal_autocheckpoint = 0");
    // 64 MiB of page cache instead of 2 MiB: the index pages of a large tenant stay in the process.
    sqlite.pragma("cache_size = -65536");
    if (mmapBytes > 0) sqlite.pragma(`mmap_size = ${mmapBytes}`);
    await migrateToLatest(db, { onMigration });
    closePendingHistory(sqlite);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, generations };
}
