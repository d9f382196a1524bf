/**
 * @module
 * Brings a database to the latest schema. Through the store's dialect (immediate-transactions.ts) every pending
 * migration runs in one transaction begun `immediate`: a failure (or the process killed) half-way leaves the file as it
 * was, and a second process opening the same file meanwhile waits for the first's commit, then finds nothing left to
 * apply. Through Kysely's own SQLite dialect, the migrator ran them one by one, without a transaction or a lock.
 */
import { Migrator, sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import { inCodeMigrationProvider, migrations } from "./migrations/index.js";
import { observedMigrations, type MigrationObserver } from "./observed-migrations.js";

/** `migrateToLatest`'s options. */
export interface MigrateOptions {
  /** Told each pending migration's start, end (with its duration) and, while a long one runs, its progress. */
  onMigration?: MigrationObserver | undefined;
}

/** Kysely's table of applied migrations, one row per migration name. */
const MIGRATION_TABLE = "kysely_migration";

/** At most this many names are quoted in a refusal. */
const NAMES_QUOTED = 5;

function quoted(names: readonly string[]): string {
  return names.length > NAMES_QUOTED ? `${names.slice(0, NAMES_QUOTED).join(", ")} and ${names.length - NAMES_QUOTED} more` : names.join(", ");
}

/** The refusal of a database with tables (`names`) but no record of Rapport's migrations: another application's. */
export function anotherApplicationsDatabase(names: readonly string[]): IncompatibleDatabaseError {
  return new IncompatibleDatabaseError(`is not a Rapport database: it has tables (${quoted(names)}) but no record of Rapport's migrations; name another file`);
}

/**
 * Rejects with an `IncompatibleDatabaseError` for a database written by a newer Rapport (it records migrations this
 * code does not know: migrating or using it could damage it) or another application's (tables, and no migration
 * record); reads only. `migrateToLatest` checks first; `createSqliteStore` also before it sets the journal mode.
 */
export async function refuseIncompatibleDatabase(db: Kysely<Database>): Promise<void> {
  await appliedMigrationsOfCompatible(db);
}

/** The migrations `db` records as applied (none for an empty database), once `refuseIncompatibleDatabase`'s checks pass. */
async function appliedMigrationsOfCompatible(db: Kysely<Database>): Promise<string[]> {
  const known = new Set(Object.keys(await inCodeMigrationProvider.getMigrations()));
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
  const names = tables.rows.map((row) => row.name);
  if (!names.includes(MIGRATION_TABLE)) {
    if (names.length > 0) throw anotherApplicationsDatabase(names);
    return [];
  }
  const applied = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  const unknown = applied.rows.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new IncompatibleDatabaseError(
      `was written by a newer version of Rapport: it has migration${unknown.length === 1 ? "" : "s"} ${quoted(unknown)}, which this version does not know; ` +
        "run that version or a newer one, or restore a backup taken before the upgrade",
      { newerRapport: true },
    );
  }
  return applied.rows.map((row) => row.name);
}

/**
 * Applies every pending migration; returns the names applied. Rejects with an `InvalidInputError` when `db` is no
 * Kysely instance (a JavaScript caller's `null`). Throws an `IncompatibleDatabaseError` for a newer
 * Rapport's database or another application's, before writing anything, and an error naming the failed migration (the
 * database's own error as its `cause`) when one fails. Through the store's dialect, all pending migrations are one
 * transaction, which a failure rolls back whole. `options.onMigration` is told each one's start, progress and end.
 *
 * @example
 * const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: new SqliteDatabase(path) }) });
 * const applied = await migrateToLatest(db); // e.g. ["0038-persons-by-merge-target"], or [] when up to date
 */
export async function migrateToLatest(db: Kysely<Database>, options: MigrateOptions = {}): Promise<string[]> {
  if (typeof db !== "object" || db === null || typeof (db as { getExecutor?: unknown }).getExecutor !== "function") {
    throw new InvalidInputError(`migrateToLatest: expecting a Kysely instance over the database, got ${db === null ? "null" : typeof db}`);
  }
  const { onMigration } = options;
  if (onMigration !== undefined && typeof onMigration !== "function") {
    throw new InvalidInputError(`migrateToLatest: expecting "onMigration" to be a function, got ${typeof onMigration}`);
  }
  const applied = new Set(await appliedMigrationsOfCompatible(db));
  // Up to date, as nearly every open finds it: nothing to apply, so no write lock to take. Kysely's Migrator read every
  // table's columns and began an immediate transaction even then: 40% of the processor time of a store's opening and
  // closing (10.5 ms, 6.3 ms without), which every server, command and test context pays. A migration another
  // connection is applying meanwhile is not in this read: the Migrator below waits for its commit, then finds nothing.
  if (Object.keys(migrations).every((name) => applied.has(name))) return [];
  // Branches land migrations in any order; each is applied once whatever its place in the list.
  const provider = onMigration ? { getMigrations: async () => observedMigrations(migrations, onMigration) } : inCodeMigrationProvider;
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
