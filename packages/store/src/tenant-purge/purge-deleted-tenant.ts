/**
 * @module
 * Purging a deleted tenant: every row it left in the file goes, a thousand at a time, each step its own short
 * transaction followed by a rest as long, so that a server running beside it waits for the write lock no longer than
 * one step (decision 0027: writes refused by the lock wait at most 5 s, then answer 503). Each step deletes what is left, so a purge stopped
 * half-way (a signal, a crash) is finished by running it again; the tenant's own row goes last, in the step that
 * checks nothing is left.
 */
import { setTimeout as delay } from "node:timers/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { ConflictError } from "../errors.js";
import { processIsRunning } from "../tenant-import/process-is-running.js";
import { NAMED, NAMED_TYPES, type NamedEntityType } from "../repositories/name-search.js";
import { withTransaction, type RepositoryContext } from "../repositories/repository-context.js";
import { withSecureDelete } from "../erasure/with-secure-delete.js";
import type { TenantPurgeOptions, TenantPurgeResult } from "../store.js";
import { createPurgeProgressTally } from "./purge-progress.js";
import { GONE_WITH_THEIR_EMAILS, tenantRowCounts, tenantTablesInPurgeOrder } from "./tenant-tables.js";

/** Rows one step deletes at most: about a tenth of a second for emails, whose deletion runs their triggers. */
export const ROWS_PER_PURGE_STEP = 1000;

/** The shortest rest between two steps, in milliseconds: longer than the store's first pauses between its tries of a write. */
const MIN_REST_MS = 10;

/** A step shorter than this (milliseconds) is not followed by a rest. */
const QUICK_STEP_MS = 2;

/** Passes over the tables at most: a deletion's triggers write log rows of the tenant into tables already passed. */
const MAX_PASSES = 4;

/**
 * Removes every row of the deleted tenant `tenantUuid`: its records in every table with a `tenant_uuid` column, its
 * entries in the name indexes and its OAuth grants, sessions and tokens, then the tenant itself. Null when no
 * tenant has that uuid (never created, or purged already); a ConflictError for a live tenant, or one a running
 * import writes (migration 0087; that of a process gone is deleted and purged).
 */
export async function purgeDeletedTenant(context: RepositoryContext, tenantUuid: string, options: TenantPurgeOptions = {}): Promise<TenantPurgeResult | null> {
  const { db } = context;
  const rowsPerStep = options.rowsPerStep ?? ROWS_PER_PURGE_STEP;
  const tenant = await db.selectFrom("tenants").select(["deleted_at", "importing_pid"]).where("uuid", "=", tenantUuid).executeTakeFirst();
  if (!tenant) return null;
  if (tenant.deleted_at === null && tenant.importing_pid !== null) {
    // An import's rows: taken only once its process is gone (a failed or killed `rapport tenants import`).
    if (processIsRunning(Number(tenant.importing_pid))) {
      throw new ConflictError(`tenants.purge: tenant ${tenantUuid} is being imported (process ${tenant.importing_pid}); an import that fails removes what it wrote`);
    }
    await db.updateTable("tenants").set({ deleted_at: context.now() }).where("uuid", "=", tenantUuid).where("deleted_at", "is", null).execute();
  } else if (tenant.deleted_at === null) {
    throw new ConflictError(`tenants.purge: tenant ${tenantUuid} is not deleted; delete it first (its keys stop working), then purge it`);
  }
  const tables = await tenantTablesInPurgeOrder(db);
  // What the tenant held when the purge began: the rows its own statements delete miss those their triggers delete.
  const removedRows = await tenantRowCounts(db, tenantUuid, tables);
  // Kept bodies go with their emails, in the emails' steps.
  const progress = createPurgeProgressTally(
    Object.fromEntries(Object.entries(removedRows).filter(([table]) => !GONE_WITH_THEIR_EMAILS.has(table))),
    options.onProgress,
  );
  const step = async <T>(work: (transaction: Kysely<Database>) => Promise<T>): Promise<T> => {
    const began = performance.now();
    const result = await withoutForeignKeyChecks(db, (connection) =>
      withTransaction(connection, (transaction) => withSecureDelete(transaction, () => work(transaction))),
    );
    // Steps back to back would take the lock again the moment they release it: a server's write, retrying after
    // pauses, would find it free only by chance. Resting as long as the step took leaves it half the time. A step that
    // held it a moment (a table with nothing left of the tenant) only yields: a hundred such rests made a small
    // tenant's purge (an import's cleanup) take seconds.
    const took = performance.now() - began;
    await delay(took < QUICK_STEP_MS ? 0 : Math.max(MIN_REST_MS, took));
    return result;
  };

  removedRows.name_search_keys = await purgePendingNameNotes(db, tenantUuid, rowsPerStep, step);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let removed = 0;
    for (const table of tables) {
      if (GONE_WITH_THEIR_EMAILS.has(table)) continue;
      for (;;) {
        const deleted = await step(async (transaction) => {
          const gone = await deleteSome(transaction, table, tenantUuid, rowsPerStep);
          removedRows.name_search_keys = (removedRows.name_search_keys ?? 0) + gone.nameKeys;
          return gone.rows;
        });
        removed += deleted;
        if (deleted > 0) progress.stepped(table, deleted);
        if (deleted < rowsPerStep) break;
      }
      progress.passed(table);
    }
    if (removed === 0) break;
  }
  const oauth = await step(async (transaction) => {
    // Grants, sessions and tokens name the account as "<tenant>:<user>" in their JSON; the table holds few rows.
    const result = await sql`delete from oauth_models where instr(payload, ${tenantUuid}) > 0`.execute(transaction);
    return Number(result.numAffectedRows ?? 0);
  });
  if (oauth > 0) removedRows.oauth_models = oauth;
  await step(async (transaction) => {
    // Anything a server wrote meanwhile (its last usage counts, say) goes with the tenant, in the same transaction.
    for (const table of tables) {
      if (!GONE_WITH_THEIR_EMAILS.has(table)) await sql`delete from ${sql.table(table)} where tenant_uuid = ${tenantUuid}`.execute(transaction);
    }
    await sql`delete from tenants where uuid = ${tenantUuid}`.execute(transaction);
    // The deletion's trigger raised the tenant's access generation, in a row of its own.
    await sql`delete from change_generations where tenant_uuid = ${tenantUuid}`.execute(transaction);
    await forgetSampledTenant(transaction, tenantUuid);
    // The trigram indexes only mark a deleted entry: their `optimize` writes them again without the tenant's names.
    for (const type of NAMED_TYPES) {
      const index = sql.raw(NAMED[type].index);
      await sql`insert into ${index} (${index}) values ('optimize')`.execute(transaction);
    }
  });
  removedRows.tenants = 1;
  for (const [table, count] of Object.entries(removedRows)) if (count === 0) delete removedRows[table];
  await context.afterErasureCommitted?.();
  return { tenantUuid, removedRows };
}

/**
 * Runs `work` on one connection with SQLite's foreign key checks off. The tables are purged children first, so the
 * checks would find nothing, but a deleted row's check looks for its children in an index it does not lead: under
 * scale L's statistics, every deleted company read the whole index of affiliations (and every stage, every
 * opportunity). The setting cannot change inside a transaction, and the connection is held throughout: no other
 * statement runs under it.
 */
async function withoutForeignKeyChecks<T>(db: Kysely<Database>, work: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`pragma foreign_keys = off`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`pragma foreign_keys = on`.execute(connection);
    }
  });
}

type Step = <T>(work: (transaction: Kysely<Database>) => Promise<T>) => Promise<T>;

/** Kept bodies go with their emails, by key (see `GONE_WITH_THEIR_EMAILS`). */

/** The name indexes' kinds by their records' table. */
const NAMED_BY_TABLE = new Map<string, NamedEntityType>([
  ["persons", "PERSON"],
  ["companies", "COMPANY"],
  ["opportunities", "OPPORTUNITY"],
]);

/** Deletes up to `limit` rows of the tenant from `table`, with what goes with them; the rows and name keys it deleted. */
async function deleteSome(db: Kysely<Database>, table: string, tenantUuid: string, limit: number): Promise<{ rows: number; nameKeys: number }> {
  const named = NAMED_BY_TABLE.get(table);
  if (!named && table !== "emails") {
    const result = await sql`delete from ${sql.table(table)} where tenant_uuid = ${tenantUuid} limit ${limit}`.execute(db);
    return { rows: Number(result.numAffectedRows ?? 0), nameKeys: 0 };
  }
  const { rows } = await sql<{ uuid: string }>`select uuid from ${sql.table(table)} where tenant_uuid = ${tenantUuid} limit ${limit}`.execute(db);
  if (rows.length === 0) return { rows: 0, nameKeys: 0 };
  // A JSON list: under scale L's statistics `uuid in (?, ?, …)` beside the tenant walked the tenant.
  const uuids = JSON.stringify(rows.map((row) => row.uuid));
  // Kept bodies have no index by tenant: they go with their emails.
  if (table === "emails") await sql`delete from email_bodies where email_uuid in (select value from json_each(${uuids}))`.execute(db);
  const nameKeys = named ? await deleteNameEntries(db, named, uuids) : 0;
  const result = await sql`delete from ${sql.table(table)} where uuid in (select value from json_each(${uuids}))`.execute(db);
  return { rows: Number(result.numAffectedRows ?? 0), nameKeys };
}

/** The name index entries of the records whose uuids the JSON list `uuids` holds (the keys name no tenant). */
async function deleteNameEntries(db: Kysely<Database>, type: NamedEntityType, uuids: string): Promise<number> {
  const index = sql.raw(NAMED[type].index);
  await sql`delete from ${index} where rowid in (select key from name_search_keys
    where entity_type = ${type} and uuid in (select value from json_each(${uuids})))`.execute(db);
  const result = await sql`delete from name_search_keys where entity_type = ${type} and uuid in (select value from json_each(${uuids}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The tenant's name notes not yet applied, with the index entries of the records they name: a record deleted for
 * good before a search applied its note keeps its entry until then.
 */
async function purgePendingNameNotes(db: Kysely<Database>, tenantUuid: string, limit: number, step: Step): Promise<number> {
  let removed = 0;
  for (;;) {
    const deleted = await step(async (transaction) => {
      const { rows } = await sql<{ id: number; entity_type: NamedEntityType; uuid: string }>`select id, entity_type, uuid from name_search_pending
        where tenant_uuid = ${tenantUuid} limit ${limit}`.execute(transaction);
      for (const type of NAMED_TYPES) {
        const uuids = rows.filter((row) => row.entity_type === type).map((row) => row.uuid);
        if (uuids.length > 0) removed += await deleteNameEntries(transaction, type, JSON.stringify(uuids));
      }
      await sql`delete from name_search_pending where id in (select value from json_each(${JSON.stringify(rows.map((row) => row.id))}))`.execute(transaction);
      return rows.length;
    });
    if (deleted < limit) return removed;
  }
}

/** Samples of the sampled statistics (`sqlite_stat4`) led by the tenant's uuid: the next analysis takes others. */
async function forgetSampledTenant(db: Kysely<Database>, tenantUuid: string): Promise<void> {
  const table = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'sqlite_stat4'`.execute(db);
  if (table.rows.length === 0) return;
  await sql`delete from sqlite_stat4 where instr(sample, cast(${tenantUuid} as blob)) > 0`.execute(db);
}
