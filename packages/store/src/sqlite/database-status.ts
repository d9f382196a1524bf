/**
 * @module
 * `databaseStatus`: what an operator asks of a database file without opening a store (which would migrate it): its
 * size and WAL, its schema against this release, whether a process has it open, and the tables that grow.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { InvalidInputError } from "../errors.js";
import { inCodeMigrationProvider } from "./migrations/index.js";
import { refuseAnotherApplicationsFile } from "./another-applications-file.js";
import { openAlone } from "./open-alone.js";
import { linkedinKeysLeft, type LinkedinKeysLeft } from "./linkedin-keys-left.js";
import { requireNativeSqlite } from "./native-sqlite.js";
import { checkFilePaths } from "./check-file-paths.js";

/** The tables that only grow, or grow until pruned: logs integrators and servers read, OAuth state, failed sign-ins. */
const GROWING_TABLES = ["activity_feed", "record_deletions", "graph_changes", "person_changes", "oauth_models", "sign_in_failures"] as const;

/** What `databaseStatus` reads of a database file without migrating it (as `rapport status` shows it). */
export interface DatabaseStatus {
  /** The database file (absolute). */
  path: string;
  bytes: number;
  /** The `-wal` file beside it: commits not yet copied into the database; 0 when there is none. */
  walBytes: number;
  /**
   * The file's free pages, in bytes (as the file reads, without the WAL's commits): SQLite reuses them for later
   * writes; `compactDatabase` gives them back.
   */
  freeBytes: number;
  migrations: {
    /** How many of this release's migrations the file has. */
    applied: number;
    /** The last applied, by name; null for an empty file. */
    latest: string | null;
    /** This release's migrations the file lacks: the next store to open it applies them. */
    pending: string[];
    /** Migrations the file has that this release does not know: a newer release wrote it. */
    unknown: string[];
  };
  /** Whether another process (a server, an import, a command) has the file open at this moment. */
  openElsewhere: boolean;
  /** Live tenants (not deleted). */
  tenants: number;
  /** Rows of the tables that grow, by table; `oauth_models` also counts its expired rows. */
  rows: Record<(typeof GROWING_TABLES)[number], number> & { oauth_models_expired: number };
  /**
   * Persons migration 0063 left on the LinkedIn key their URL had before, since another person of their tenant had
   * the profile's key (duplicates to merge); none before that migration is applied.
   */
  linkedinKeysLeft: LinkedinKeysLeft;
}

/** The migration that computed the LinkedIn keys again, leaving some persons on their older key. */
const LINKEDIN_KEYS_MIGRATION = "0063-linkedin-profile-keys";

function hasTable(db: SqliteDatabase.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name) !== undefined;
}

/** Whether tenants have migration 0087's mark of an import under way (a file a release before left has none). */
function importingMarked(db: SqliteDatabase.Database): boolean {
  return db.prepare("select 1 from pragma_table_info('tenants') where name = 'importing_pid'").get() !== undefined;
}

function count(db: SqliteDatabase.Database, sql: string, ...parameters: unknown[]): number {
  return db.prepare(sql).pluck().get(...parameters) as number;
}

/** Whether another process has the file open: SQLite's exclusive lock refused at once (open-alone.ts), taken only for that instant. */
function openElsewhere(path: string): boolean {
  const alone = openAlone(path);
  alone?.close();
  return alone === null;
}

/**
 * A connection that reads only. Not SQLite's read-only mode: a read-only connection that is the last to close
 * cannot remove the WAL files it made, and would leave them beside a database nobody has open.
 */
function openForReading(path: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(path, { fileMustExist: true });
  db.pragma("query_only = 1");
  return db;
}

async function migrationsOf(db: SqliteDatabase.Database): Promise<{ known: string[]; appliedNames: string[] }> {
  const known = Object.keys(await inCodeMigrationProvider.getMigrations()).sort();
  const appliedNames = hasTable(db, "kysely_migration") ? (db.prepare("select name from kysely_migration order by name").pluck().all() as string[]) : [];
  return { known, appliedNames };
}

/**
 * This release's migrations the database file at `databasePath` lacks, which the next store to open it applies; []
 * for a path with no file (a new database is not migrated, it is made). Reads only. Refused as `databaseStatus` is: a
 * path that is not a non-empty string (`InvalidInputError`), a better-sqlite3 that is not built.
 */
export async function pendingMigrations(databasePath: string): Promise<string[]> {
  checkFilePaths("pendingMigrations", { databasePath });
  requireNativeSqlite("pendingMigrations");
  if (databasePath === ":memory:" || !statSync(databasePath, { throwIfNoEntry: false })?.isFile()) return [];
  const db = openForReading(databasePath);
  try {
    const { known, appliedNames } = await migrationsOf(db);
    // An empty file (made by a command that creates the database) is new, not behind.
    if (appliedNames.length === 0) return [];
    const applied = new Set(appliedNames);
    return known.filter((name) => !applied.has(name));
  } finally {
    db.close();
  }
}

/**
 * The status of the database file at `databasePath`, read without migrating or writing it (connections of its own,
 * which only read, but for the instant of the lock probe). An `InvalidInputError` for a path that is not a non-empty
 * string, with no file or `:memory:`;
 * an `IncompatibleDatabaseError` for another application's SQLite database (tables, no record of Rapport's
 * migrations), as every store refuses it; SQLite's own errors (not a database, corrupt) pass through.
 */
export async function databaseStatus(databasePath: string): Promise<DatabaseStatus> {
  checkFilePaths("databaseStatus", { databasePath });
  if (databasePath === ":memory:") throw new InvalidInputError('databaseStatus: a ":memory:" database has no file');
  requireNativeSqlite("databaseStatus");
  const path = resolve(databasePath);
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile()) throw new InvalidInputError(`databaseStatus: no database file at ${path}`);
  const inUse = openElsewhere(path);
  const db = openForReading(path);
  try {
    const { known, appliedNames } = await migrationsOf(db);
    // Another application's database: no start of Rapport applies its migrations to it, every one refuses it.
    refuseAnotherApplicationsFile(db);
    const applied = new Set(appliedNames);
    const rowsOf = (table: string) => (hasTable(db, table) ? count(db, `select count(*) from "${table}"`) : 0);
    const rows = Object.fromEntries(GROWING_TABLES.map((table) => [table, rowsOf(table)])) as DatabaseStatus["rows"];
    rows.oauth_models_expired = hasTable(db, "oauth_models") ? count(db, "select count(*) from oauth_models where expires_at < ?", Date.now()) : 0;
    return {
      path,
      bytes: stats.size,
      walBytes: statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0,
      freeBytes: Number(db.pragma("freelist_count", { simple: true })) * Number(db.pragma("page_size", { simple: true })),
      migrations: {
        applied: appliedNames.filter((name) => known.includes(name)).length,
        latest: appliedNames.at(-1) ?? null,
        pending: known.filter((name) => !applied.has(name)),
        unknown: appliedNames.filter((name) => !known.includes(name)),
      },
      openElsewhere: inUse,
      tenants: hasTable(db, "tenants") ? count(db, `select count(*) from tenants where deleted_at is null${importingMarked(db) ? " and importing_pid is null" : ""}`) : 0,
      rows,
      linkedinKeysLeft: applied.has(LINKEDIN_KEYS_MIGRATION) ? linkedinKeysLeft(db) : { count: 0, persons: [] },
    };
  } finally {
    db.close();
  }
}
