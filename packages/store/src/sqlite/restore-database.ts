/**
 * @module
 * `restoreDatabase`: puts a backup in place of a database file, refusing while any process has that file open, and
 * without sending the counters integrators and servers follow back in time.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, constants, copyFileSync, linkSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import { checkFilePaths } from "./check-file-paths.js";
import { inCodeMigrationProvider } from "./migrations/index.js";
import { LOG_SEQUENCES_TABLE } from "./migrations/0062-tenant-log-sequences.js";
import { isDatabaseFileOf } from "./database-file-path.js";
import { openAloneOrRefuse } from "./open-alone.js";
import { closeRestoredHistory } from "./restored-history.js";
import { syncFile } from "./sync-file.js";
import { syncFolder } from "./sync-folder.js";
import { requireNativeSqlite } from "./native-sqlite.js";

/** What `restoreDatabase` did. */
export interface RestoreDatabaseResult {
  /** The database file, now the backup's copy (absolute). */
  path: string;
  /** Its size in bytes. */
  bytes: number;
  /** Where the database it replaced was kept (absolute), or null when there was none. */
  replacedPath: string | null;
  /**
   * The counters raised in the copy to the replaced database's values, so none goes back: `activity_feed` and
   * `record_deletions` (the sequences integrators poll after: each tenant's in `log_sequences`, migration 0062),
   * `change_generations` (the positions servers follow).
   */
  countersRaised: number;
  /**
   * Persons the replaced database had erased that the copy still holds (a backup keeps what it copied): to erase
   * again, each in its tenant.
   */
  erasedSinceBackup: Array<{ tenant_uuid: string; person_uuid: string }>;
}

/** The counters that only go up: the autoincrement sequences, each tenant's log sequences and change generations. */
interface Counters {
  sequences: Array<{ name: string; seq: number }>;
  logSequences: Array<{ tenant_uuid: string; log: string; last_sequence: number }>;
  generations: Array<{ tenant_uuid: string; scope: string; generation: number }>;
}

type ErasedPerson = RestoreDatabaseResult["erasedSinceBackup"][number];

const COMPANIONS = ["-wal", "-shm", "-journal"];

function hasTable(db: SqliteDatabase.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name) !== undefined;
}

function sqliteCode(error: unknown): string {
  return String((error as { code?: unknown }).code ?? "");
}

/** Refuses a backup file that is missing, or has commits of its own in a WAL beside it, which a copy would lose. */
function checkBackupFile(backup: string): void {
  const stats = statSync(backup, { throwIfNoEntry: false });
  if (!stats?.isFile()) throw new InvalidInputError(`restoreDatabase: no backup file at ${backup}`);
  if ((statSync(`${backup}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0) {
    throw new InvalidInputError(`restoreDatabase: ${backup} has a -wal file beside it: a database in use or copied by hand, not a backup; take one with rapport backup`);
  }
}

/**
 * Refuses a copy of the backup that is not a whole, readable Rapport database this version knows. The copy, not
 * the backup: opening a file in WAL mode leaves its -wal and -shm files beside it.
 */
async function checkCopy(backup: string, copy: string): Promise<void> {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(copy, { fileMustExist: true });
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new InvalidInputError(`restoreDatabase: ${backup} is corrupt (${String(check)}); take another backup`);
    if (!hasTable(db, "kysely_migration")) throw new InvalidInputError(`restoreDatabase: ${backup} is not a Rapport database`);
    const known = new Set(Object.keys(await inCodeMigrationProvider.getMigrations()));
    const unknown = db.prepare("select name from kysely_migration order by name").pluck().all().filter((name) => !known.has(name as string));
    if (unknown.length > 0) {
      throw new IncompatibleDatabaseError(`was written by a newer version of Rapport (migration ${String(unknown[0])}); restore it with that version or a newer one`);
    }
  } catch (error) {
    if (sqliteCode(error) === "SQLITE_NOTADB") throw new InvalidInputError(`restoreDatabase: ${backup} is not a SQLite database`);
    if (sqliteCode(error).startsWith("SQLITE_CORRUPT")) throw new InvalidInputError(`restoreDatabase: ${backup} is corrupt; take another backup`);
    throw error;
  } finally {
    db?.close();
  }
}

function countersOf(db: SqliteDatabase.Database): Counters {
  return {
    sequences: hasTable(db, "sqlite_sequence") ? (db.prepare("select name, seq from sqlite_sequence").all() as Counters["sequences"]) : [],
    logSequences: logSequencesOf(db),
    generations: hasTable(db, "change_generations")
      ? (db.prepare("select tenant_uuid, scope, generation from change_generations").all() as Counters["generations"])
      : [],
  };
}

/**
 * Each tenant's last sequence per log: `log_sequences` from migration 0062, before it the tenant's highest entry
 * (what migration 0062 starts the counter at, the pruning horizon aside).
 */
function logSequencesOf(db: SqliteDatabase.Database): Counters["logSequences"] {
  if (hasTable(db, "log_sequences")) return db.prepare("select tenant_uuid, log, last_sequence from log_sequences").all() as Counters["logSequences"];
  const logs = ["activity_feed", "record_deletions"].filter((log) => hasTable(db, log));
  return logs.flatMap(
    (log) => db.prepare(`select tenant_uuid, ? as log, max(sequence) as last_sequence from ${log} group by tenant_uuid`).all(log) as Counters["logSequences"],
  );
}

/** The persons the deletions log says were erased (a person's entry that names no merge target). */
function erasedPersonsOf(db: SqliteDatabase.Database): ErasedPerson[] {
  if (!hasTable(db, "record_deletions")) return [];
  return db
    .prepare("select tenant_uuid, uuid as person_uuid from record_deletions where entity_type = 'PERSON' and merged_into_uuid is null order by tenant_uuid, sequence")
    .all() as ErasedPerson[];
}

/** Of `erased`, those the copy still holds. */
function stillHeld(copy: string, erased: ErasedPerson[]): ErasedPerson[] {
  if (erased.length === 0) return [];
  const db = new SqliteDatabase(copy, { readonly: true, fileMustExist: true });
  try {
    const held = db.prepare("select 1 from persons where tenant_uuid = ? and uuid = ?");
    return erased.filter(({ tenant_uuid, person_uuid }) => held.get(tenant_uuid, person_uuid) !== undefined);
  } finally {
    db.close();
  }
}

/** Raises the copy's counters to at least `counters`; how many it raised. */
function raiseCounters(copy: string, counters: Counters): number {
  const db = new SqliteDatabase(copy, { fileMustExist: true });
  try {
    let raised = 0;
    db.transaction(() => {
      if (hasTable(db, "sqlite_sequence")) {
        const update = db.prepare("update sqlite_sequence set seq = ? where name = ? and seq < ?");
        const insert = db.prepare("insert into sqlite_sequence (name, seq) select ?, ? where not exists (select 1 from sqlite_sequence where name = ?)");
        for (const { name, seq } of counters.sequences) {
          if (!hasTable(db, name)) continue;
          raised += update.run(seq, name, seq).changes + insert.run(name, seq, name).changes;
        }
      }
      if (counters.logSequences.length > 0) {
        // A copy taken before migration 0062 gets the table now: the migration keeps the counters where higher.
        db.exec(LOG_SEQUENCES_TABLE);
        const raise = db.prepare(`insert into log_sequences (tenant_uuid, log, last_sequence) values (?, ?, ?)
          on conflict (tenant_uuid, log) do update set last_sequence = excluded.last_sequence where last_sequence < excluded.last_sequence`);
        for (const { tenant_uuid, log, last_sequence } of counters.logSequences) raised += raise.run(tenant_uuid, log, last_sequence).changes;
      }
      if (hasTable(db, "change_generations")) {
        const update = db.prepare("update change_generations set generation = ? where tenant_uuid = ? and scope = ? and generation < ?");
        for (const { tenant_uuid, scope, generation } of counters.generations) raised += update.run(generation, tenant_uuid, scope, generation).changes;
      }
      closeRestoredHistory(db, Date.now());
    })();
    return raised;
  } finally {
    db.close();
  }
}

/** Error codes of a file system that has no hard links (FAT and exFAT drives, some network shares). */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** A second name for the database file, or a copy of it where the file system has no hard links. */
function keepAs(database: string, kept: string): void {
  try {
    linkSync(database, kept);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    copyFileSync(database, kept, constants.COPYFILE_EXCL);
  }
}


/**
 * Puts a copy of the backup at `backupPath` (one written by `backupDatabase` or `store.backup`) in place of the
 * database at `databasePath`, which must not be open in any process: a server holding it would keep its graphs and
 * change positions of the replaced file, skip the writes that reuse them and serve what the backup no longer has.
 * The replaced database is kept beside it (`<name>.replaced-<time>`, after its WAL is checkpointed into it), not
 * deleted. The copy's counters that only go up (the activity feed's and the deletions log's sequences, the change
 * generations) are raised to the replaced database's, so an integrator's `after_sequence` does not skip what is
 * written after the restore, and each tenant's history horizon is set past them, so a poll from before the restore
 * is refused (a HistoryPrunedError: copy again) rather than going on from a copy that may hold what the backup lost. The copy is not migrated: the next store to open it does that. Refused: a missing,
 * corrupt or non-Rapport backup, one with a `-wal` beside it, a newer Rapport's (an `IncompatibleDatabaseError`),
 * the database itself (`InvalidInputError`); a database another process has open (`ConflictError`).
 */
export async function restoreDatabase(databasePath: string, backupPath: string): Promise<RestoreDatabaseResult> {
  checkFilePaths("restoreDatabase", { databasePath, backupPath });
  requireNativeSqlite("restoreDatabase");
  if (databasePath === ":memory:") throw new InvalidInputError('restoreDatabase: a ":memory:" database has no file to replace');
  const database = resolve(databasePath);
  const backup = resolve(backupPath);
  if (isDatabaseFileOf(backup, database)) {
    throw new InvalidInputError(`restoreDatabase: ${backup} is the database itself; name a backup file`);
  }
  checkBackupFile(backup);
  if (!statSync(dirname(database), { throwIfNoEntry: false })?.isDirectory()) {
    throw new InvalidInputError(`restoreDatabase: the folder ${dirname(database)} does not exist; create it first`);
  }
  const copy = join(dirname(database), `.${basename(database)}.${randomUUID().slice(0, 8)}.restoring`);
  // A zero-byte file is no database (SQLite would make it an empty one): nothing to keep, no counters to raise.
  const live = (statSync(database, { throwIfNoEntry: false })?.size ?? 0) > 0 ? openAloneOrRefuse(database, "restoreDatabase") : null;
  try {
    copyFileSync(backup, copy, constants.COPYFILE_EXCL);
    chmodSync(copy, 0o600);
    await checkCopy(backup, copy);
    const countersRaised = live ? raiseCounters(copy, countersOf(live)) : 0;
    const erasedSinceBackup = live ? stillHeld(copy, erasedPersonsOf(live)) : [];
    for (const suffix of COMPANIONS) rmSync(`${copy}${suffix}`, { force: true });
    // Copied by the file system, and written by SQLite only when counters were raised: flushed before it is named.
    syncFile(copy);
    let replacedPath: string | null = null;
    if (live) {
      // Everything committed goes into the file kept, so it is whole on its own.
      live.pragma("wal_checkpoint(truncate)");
      replacedPath = `${database}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      keepAs(database, replacedPath);
      live.close();
    }
    for (const suffix of COMPANIONS) rmSync(`${database}${suffix}`, { force: true });
    renameSync(copy, database);
    syncFolder(dirname(database));
    return { path: database, bytes: statSync(database).size, replacedPath, countersRaised, erasedSinceBackup };
  } catch (error) {
    for (const suffix of ["", ...COMPANIONS]) rmSync(`${copy}${suffix}`, { force: true });
    throw error;
  } finally {
    if (live?.open) live.close();
  }
}
