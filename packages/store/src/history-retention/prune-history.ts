/**
 * @module
 * Pruning the history logs older than a retention period: the deletions log's entries and the activity feed's entries
 * of emails and meetings that are gone (a live item's one entry is its current state, and a meeting's removal is
 * announced only when it has one). The horizon is written first, in its own transaction, so that a poller is refused
 * before any entry it would miss goes; then the entries up to it are walked in steps of `rowsPerStep`, each its own
 * short transaction followed by a rest as long. Interrupted, a prune is finished by running it again.
 */
import { setTimeout as delay } from "node:timers/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import { withTransaction, type RepositoryContext } from "../repositories/repository-context.js";
import type { HistoryPruneOptions, HistoryPruneResult } from "../store.js";
import { HISTORY_LOGS, type HistoryLog } from "./history-horizon.js";

/** Rows one step deletes at most. */
export const ROWS_PER_PRUNE_STEP = 1000;

/** The shortest rest between two steps, in milliseconds (see tenant-purge/purge-deleted-tenant.ts). */
const MIN_REST_MS = 10;

/** Each log's time column and the condition that makes an entry prunable. */
const PRUNABLE: Record<HistoryLog, { time: string; condition: ReturnType<typeof sql> }> = {
  record_deletions: { time: "deleted_at", condition: sql`1` },
  // Gone: an email deleted, a meeting deleted or soft-deleted. A cancelled meeting may come back: its entry stays.
  activity_feed: {
    time: "recorded_at",
    condition: sql`case entry.kind
      when 'email' then not exists (select 1 from emails e where e.uuid = entry.item_uuid)
      else not exists (select 1 from meetings m where m.uuid = entry.item_uuid and m.deleted_at is null) end`,
  },
};

/**
 * Prunes, in every tenant (or `tenantUuid`'s alone), the entries of both logs recorded before `olderThan` (epoch ms)
 * that `PRUNABLE` allows, and records each log's horizon. Resolves to what each tenant's logs lost (those that lost
 * nothing left out).
 */
export async function pruneHistory(context: RepositoryContext, options: HistoryPruneOptions): Promise<HistoryPruneResult[]> {
  const { olderThan, rowsPerStep = ROWS_PER_PRUNE_STEP } = options;
  if (!Number.isSafeInteger(olderThan)) throw new InvalidInputError(`history.prune: expecting "olderThan" to be epoch milliseconds, got ${String(olderThan)}`);
  const { db } = context;
  let tenants = db.selectFrom("tenants").select("uuid").where("deleted_at", "is", null).where("importing_pid", "is", null);
  if (options.tenantUuid !== undefined) tenants = tenants.where("uuid", "=", options.tenantUuid);
  const results: HistoryPruneResult[] = [];
  for (const { uuid } of await tenants.orderBy("uuid").execute()) {
    for (const log of HISTORY_LOGS) {
      const result = await pruneLog(db, uuid, log, olderThan, rowsPerStep);
      if (result) results.push(result);
    }
  }
  return results;
}

async function pruneLog(db: Kysely<Database>, tenantUuid: string, log: HistoryLog, olderThan: number, limit: number): Promise<HistoryPruneResult | null> {
  const table = sql.table(log);
  const { time, condition } = PRUNABLE[log];
  const timeColumn = sql.ref(`entry.${time}`);
  const prunable = sql`entry.tenant_uuid = ${tenantUuid} and ${timeColumn} < ${olderThan} and ${condition}`;
  const { rows } = await sql<{ sequence: number | null; time: number | null }>`select max(entry.sequence) as sequence, max(${timeColumn}) as time
    from ${table} as entry where ${prunable}`.execute(db);
  const newest = rows[0];
  if (newest?.sequence === null || newest?.sequence === undefined || newest.time === null) return null;
  const horizon = { sequence: Number(newest.sequence), time: Number(newest.time) };
  await withTransaction(db, (transaction) =>
    sql`insert into history_horizons (tenant_uuid, log, pruned_through_sequence, pruned_through_time)
      values (${tenantUuid}, ${log}, ${horizon.sequence}, ${horizon.time})
      on conflict (tenant_uuid, log) do update set
        pruned_through_sequence = max(pruned_through_sequence, excluded.pruned_through_sequence),
        pruned_through_time = max(pruned_through_time, excluded.pruned_through_time)`.execute(transaction),
  );
  let removed = 0;
  // A walk of the tenant's entries up to the horizon in sequence order, `limit` entries a step whatever they are:
  // a step that looked for `limit` prunable ones would read again, each time, the live entries it passed.
  let after = 0;
  for (;;) {
    const began = performance.now();
    const step = await withTransaction(db, async (transaction) => {
      const walked = await sql<{ id: number; sequence: number }>`select id, sequence from ${table} where tenant_uuid = ${tenantUuid}
        and sequence > ${after} and sequence <= ${horizon.sequence} order by sequence limit ${limit}`.execute(transaction);
      if (walked.rows.length === 0) return { walked: 0, deleted: 0, last: after };
      const keys = JSON.stringify(walked.rows.map((row) => Number(row.id)));
      // The walked entries by their rows' keys (a sequence is the tenant's own since migration 0062: another tenant's
      // entries share it): given the tenant and a time, SQLite read the tenant's (tenant, time) range instead, every
      // step; the unary `+` keeps the time out of any index.
      const result = await sql`delete from ${table} as entry where entry.id in (select value from json_each(${keys}))
        and +${timeColumn} < ${olderThan} and ${condition}`.execute(transaction);
      return { walked: walked.rows.length, deleted: Number(result.numAffectedRows ?? 0), last: Number(walked.rows.at(-1)!.sequence) };
    });
    removed += step.deleted;
    after = step.last;
    await delay(Math.max(MIN_REST_MS, performance.now() - began));
    if (step.walked < limit) break;
  }
  return { tenantUuid, log, removed, prunedThroughSequence: horizon.sequence, prunedThroughTime: horizon.time };
}
