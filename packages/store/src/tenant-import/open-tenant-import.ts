/**
 * @module
 * Writing a tenant export back into a database file as a new tenant, all or nothing for its readers: a connection of
 * its own writes the records in short steps (a transaction each, a rest between), so that a server beside it keeps
 * writing, under a tenant row marked as importing (`importing_pid`, migration 0087) which every reader takes for
 * absent. The mark goes in the last step, once every record went in and the export's links hold. A failure or the
 * caller's abandon removes what was written (as a purge does); a killed process leaves the marked row, which
 * `tenants.purge` or an import of the same tenant again removes. Records are added one at a time, as a reader streams them.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "../database-schema.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import { TIERS, type Tenant, type Tier } from "../records.js";
import { registerFoldName } from "../repositories/fold-name.js";
import { refreshOpportunityActivity } from "../repositories/opportunity-activity.js";
import { refuseAnotherApplicationsFile } from "../sqlite/another-applications-file.js";
import { checkFilePaths } from "../sqlite/check-file-paths.js";
import type { SqliteSynchronous } from "../sqlite/open-migrated-database.js";
import { TENANT_EXPORT_KINDS, type TenantExportKind } from "../tenant-export/tenant-export-kinds.js";
import { LOCK_RETRY_PAUSES_MS, LOCK_WAIT_MS } from "../sqlite/immediate-transactions.js";
import { purgeDeletedTenant } from "../tenant-purge/purge-deleted-tenant.js";
import { processIsRunning } from "./process-is-running.js";
import { danglingReference } from "./dangling-references.js";
import { RecordFields } from "./record-fields.js";
import { TENANT_IMPORT_WRITERS, type ImportWriting } from "./tenant-import-writers.js";
import { requireNativeSqlite } from "../sqlite/native-sqlite.js";

/** Opportunities whose activity dates one statement (and one step) computes. */
const ACTIVITY_CHUNK = 500;

/** A step's length: its transaction commits after this many milliseconds or `recordsPerStep` records, whichever first. */
const STEP_MS = 100;

/** Records one step writes at most, by default. */
const RECORDS_PER_STEP = 5000;

/** The shortest rest between two steps, in milliseconds: longer than the store's first pauses between its tries of a write. */
const MIN_REST_MS = 10;

/** The new tenant an import makes: the export's manifest's `tenant`, with the uuid and name the host chose. */
export type ImportedTenant = Tenant;

/** An import under way: records go in with `add`, and become the tenant's with `commit`. */
export interface TenantImport {
  /** How many records of each kind were added. */
  counts: Record<TenantExportKind, number>;
  /**
   * Writes one record of `kind` (an export's line, parsed), with a file's bytes (`content`, null for other kinds).
   * An InvalidInputError names the field of a bad record; a ConflictError a uuid another tenant's record holds.
   * After a failure the import can only be abandoned.
   */
  add(kind: TenantExportKind, record: unknown, content?: Buffer | null): Promise<void>;
  /** Checks the records' links, computes what the store derives at the end, and commits: the tenant exists from then on. */
  commit(): Promise<void>;
  /**
   * Removes whatever was added (the step under way rolled back, the steps committed purged) and closes the connection;
   * safe to call twice, and after `commit`.
   */
  abandon(): Promise<void>;
}

/**
 * Opens the import of a new tenant `tenant` into the database file at `databasePath`, which a store has migrated
 * (SQLite only, through a connection of its own, beside a server: the import writes in steps of at most 100 ms or
 * `recordsPerStep` records, resting between, so the server's writes wait for one step at most). Until `commit` the
 * tenant is absent for every reader. A ConflictError when a tenant with that uuid exists (deleted or not) or another
 * process is importing it; what an import of it that failed or was killed left is removed first. `now` is the time of
 * what an export does not hold (a stage's or custom field's creation; the opportunities' activity dates are computed for it).
 * `synchronous` is the store's option of that name (`"normal"` by default): `"full"` syncs each step's commit.
 *
 * @example
 * const imported = await openTenantImport("./data/rapport.db", { ...manifest.tenant, uuid: newUuid });
 * try {
 *   for (const { kind, record } of lines) await imported.add(kind, record);
 *   await imported.commit();
 * } finally {
 *   await imported.abandon();
 * }
 */
export async function openTenantImport(
  databasePath: string,
  tenant: ImportedTenant,
  options: { now?: number; recordsPerStep?: number; synchronous?: SqliteSynchronous } = {},
): Promise<TenantImport> {
  checkFilePaths("openTenantImport", { databasePath });
  requireNativeSqlite("openTenantImport");
  const synchronous = options.synchronous ?? "normal";
  if (synchronous !== "normal" && synchronous !== "full") {
    throw new InvalidInputError(`openTenantImport: expecting "synchronous" to be "normal" or "full", got ${JSON.stringify(synchronous)}`);
  }
  if (databasePath === ":memory:") throw new InvalidInputError('openTenantImport: a ":memory:" database has no file to write');
  const checked = RecordFields.of(tenant, "tenant");
  checked.uuid("uuid");
  checked.text("name");
  checked.oneOf("tier", TIERS);
  checked.optionalNumber("per_second_limit");
  checked.optionalNumber("monthly_limit");
  checked.time("created_at");
  const now = options.now ?? Date.now();
  const recordsPerStep = options.recordsPerStep ?? RECORDS_PER_STEP;
  const sqlite = new SqliteDatabase(databasePath, { fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // For the purge of what an import left: the store's own, on this connection.
  const purgeContext = { db, now: () => Date.now(), generateId: randomUUID, emit: () => undefined };
  let open = true;
  let committed = false;
  /** Whether a step committed rows of the tenant (then only a purge removes them). */
  let stepsCommitted = false;
  const close = async () => {
    if (!open) return;
    open = false;
    try {
      if (sqlite.inTransaction) sqlite.exec("rollback");
      if (stepsCommitted && !committed) {
        // What the steps wrote goes, as a purge takes a deleted tenant: the mark keeps it from every reader meanwhile.
        sqlite.prepare("update tenants set deleted_at = ? where uuid = ? and importing_pid = ? and deleted_at is null").run(Date.now(), tenant.uuid, process.pid);
        await purgeDeletedTenant(purgeContext, tenant.uuid);
      }
    } finally {
      await db.destroy();
    }
  };
  try {
    sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    sqlite.pragma("foreign_keys = ON");
    // The store's setting: an import's steps reach the disk as the store's commits do (`full`: each one synced).
    sqlite.pragma(`synchronous = ${synchronous.toUpperCase()}`);
    // The store's page cache: a large tenant's indexes are written all over the file.
    sqlite.pragma("cache_size = -65536");
    refuseAnotherApplicationsFile(sqlite);
    registerFoldName(sqlite);
    const existing = sqlite.prepare("select deleted_at, importing_pid from tenants where uuid = ?").get(tenant.uuid) as
      | { deleted_at: number | null; importing_pid: number | null }
      | undefined;
    if (existing?.importing_pid != null) {
      if (existing.deleted_at === null && processIsRunning(Number(existing.importing_pid))) {
        throw new ConflictError(`openTenantImport: tenant ${tenant.uuid} is being imported by another process (${existing.importing_pid})`);
      }
      // An import of it that failed or was killed: its rows go first.
      await purgeDeletedTenant(purgeContext, tenant.uuid);
    } else if (existing) {
      throw new ConflictError(`openTenantImport: tenant ${tenant.uuid} exists on this server${existing.deleted_at === null ? "" : " (deleted, not yet purged)"}: import under another uuid`);
    }
    sqlite.exec("begin immediate");
    if (sqlite.prepare("select 1 from tenants where uuid = ?").get(tenant.uuid)) throw new ConflictError(`openTenantImport: tenant ${tenant.uuid} exists on this server: import under another uuid`);
    sqlite
      .prepare("insert into tenants (uuid, name, tier, per_second_limit, monthly_limit, created_at, deleted_at, importing_pid) values (?, ?, ?, ?, ?, ?, null, ?)")
      .run(tenant.uuid, tenant.name, tenant.tier, tenant.per_second_limit, tenant.monthly_limit, tenant.created_at, process.pid);
    // The first step, left open: an import that fails within it leaves nothing to purge.
  } catch (error) {
    await close();
    throw error;
  }

  const statements = new Map<string, SqliteDatabase.Statement>();
  const writing: ImportWriting = {
    tenantUuid: tenant.uuid,
    db,
    now,
    associations: new Set(),
    insert(table, row) {
      const columns = Object.keys(row);
      const key = `${table}(${columns.join(",")})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = sqlite.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map((column) => `@${column}`).join(", ")})`);
        statements.set(key, statement);
      }
      try {
        statement.run(row);
      } catch (error) {
        throw constraintFailure(error, sqlite, tenant.uuid, table, row);
      }
    },
    get: (statement, ...parameters) => sqlite.prepare(statement).get(...parameters) as Record<string, unknown> | undefined,
    run: (statement, ...parameters) => void sqlite.prepare(statement).run(...parameters),
    feedReplaced: false,
  };
  const counts = Object.fromEntries(TENANT_EXPORT_KINDS.map((kind) => [kind, 0])) as Record<TenantExportKind, number>;
  let failed = false;
  let stepBegan = performance.now();
  let stepRecords = 0;
  /** Ends the step under way (if any) and rests as half as long as it took, for the writes waiting on the lock. */
  const endStep = async () => {
    if (!sqlite.inTransaction) return;
    sqlite.exec("commit");
    stepsCommitted = true;
    await delay(Math.max(MIN_REST_MS, (performance.now() - stepBegan) / 2));
  };
  /** Takes the write lock for a step, waiting for another connection's between turns of the event loop (a signal is heard). */
  const beginStep = async () => {
    if (sqlite.inTransaction) return;
    const refusedAt = performance.now();
    sqlite.pragma("busy_timeout = 0");
    try {
      for (let tries = 0; ; tries += 1) {
        try {
          sqlite.exec("begin immediate");
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_BUSY" || performance.now() - refusedAt >= LOCK_WAIT_MS) throw error;
          await delay(LOCK_RETRY_PAUSES_MS[Math.min(tries, LOCK_RETRY_PAUSES_MS.length - 1)]);
        }
      }
    } finally {
      sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    }
    stepBegan = performance.now();
    stepRecords = 0;
  };

  return {
    counts,
    async add(kind, record, content = null) {
      if (!open || failed) throw new InvalidInputError("openTenantImport: the import was abandoned or failed; open another");
      const writer = TENANT_IMPORT_WRITERS[kind];
      if (!writer) throw new InvalidInputError(`openTenantImport: unknown kind ${JSON.stringify(kind)}`);
      try {
        await beginStep();
        await writer(RecordFields.of(record), writing, content);
      } catch (error) {
        failed = true;
        throw error;
      }
      counts[kind] += 1;
      stepRecords += 1;
      if (stepRecords >= recordsPerStep || performance.now() - stepBegan >= STEP_MS) await endStep();
    },
    async commit() {
      if (!open || failed) throw new InvalidInputError("openTenantImport: the import was abandoned or failed; open another");
      try {
        await endStep();
        // Reads of committed rows, no lock held: nothing can make a link dangle before the commit below, as nobody else
        // writes the tenant (absent for every API key; a purge or second import refused while this process runs; no sweep
        // deletes rows across tenants), and this import's own later steps add no link.
        const dangling = danglingReference(sqlite, tenant.uuid);
        if (dangling) throw new InvalidInputError(dangling);
        // A few hundred at a time, a step each: the whole tenant's would pass SQLite's limit on a statement's parameters.
        const opportunities = sqlite.prepare("select uuid from opportunities where tenant_uuid = ? and deleted_at is null").pluck().all(tenant.uuid) as string[];
        for (let start = 0; start < opportunities.length; start += ACTIVITY_CHUNK) {
          await beginStep();
          await refreshOpportunityActivity(db, tenant.uuid, opportunities.slice(start, start + ACTIVITY_CHUNK), { now });
          await endStep();
        }
        await beginStep();
        // The deletions log and the activity feed go on from the export's last sequence numbers (a client's cursor stays
        // valid), or from what the retention pruned when its newest entries went with it.
        for (const log of ["record_deletions", "activity_feed"]) {
          sqlite
            .prepare(
              `insert into log_sequences (tenant_uuid, log, last_sequence)
                select :tenant, '${log}', max(last) from (select max(sequence) as last from ${log} where tenant_uuid = :tenant
                  union all select pruned_through_sequence from history_horizons where tenant_uuid = :tenant and log = '${log}')
                where last is not null having count(*) > 0
                on conflict (tenant_uuid, log) do update set last_sequence = max(last_sequence, excluded.last_sequence)`,
            )
            .run({ tenant: tenant.uuid });
        }
        // The tenant exists from this commit on.
        sqlite.prepare("update tenants set importing_pid = null where uuid = ? and importing_pid = ?").run(tenant.uuid, process.pid);
        sqlite.exec("commit");
        committed = true;
      } catch (error) {
        failed = true;
        throw error;
      }
      await close();
    },
    abandon: close,
  };
}

/** The columns naming a row's own record, by table (the others are named by `uuid`). */
const KEY_COLUMNS: Readonly<Record<string, string>> = { file_contents: "file_uuid", email_bodies: "email_uuid" };

/**
 * A constraint SQLite refused a row for, in the export's words: a uuid another tenant's record holds on this server,
 * a record the export holds twice, a link to a record it does not hold (before it).
 */
function constraintFailure(error: unknown, sqlite: SqliteDatabase.Database, tenantUuid: string, table: string, row: Record<string, unknown>): unknown {
  const code = String((error as { code?: unknown }).code ?? "");
  const message = (error as Error).message;
  if (code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE") {
    const keyColumn = KEY_COLUMNS[table] ?? "uuid";
    if (message.endsWith(`${table}.${keyColumn}`)) {
      const holder = sqlite.prepare(`select tenant_uuid from ${table} where ${keyColumn} = ?`).get(row[keyColumn]) as { tenant_uuid: string } | undefined;
      if (holder && holder.tenant_uuid !== tenantUuid) {
        return new ConflictError(
          `${table} ${String(row[keyColumn])}: another tenant's record on this server has this uuid (the export was imported here before, or its tenant is here): import on another server, or delete and purge that tenant first`,
        );
      }
    }
    return new InvalidInputError(`the export holds this ${table} record twice (${message.replace(/^UNIQUE constraint failed: /, "the same ")})`);
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
    const named = Object.entries(row).filter(([column]) => column.endsWith("_uuid") && column !== "tenant_uuid" && column !== KEY_COLUMNS[table]);
    return new InvalidInputError(`names a record the export does not hold before it (${named.map(([column, value]) => `${column} ${String(value)}`).join(", ")})`);
  }
  return error;
}
