/**
 * The retention horizon of a tenant's history logs (migration 0047): a read of the activity feed or the deletions log
 * that would start before what was pruned is refused, so a poller never misses a change without knowing.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { HistoryPrunedError } from "../errors.js";
import type { PagePosition } from "../pagination/keyset-page.js";

/** The logs a retention horizon prunes: the activity feed's removals and the deletions log. */
export const HISTORY_LOGS = ["activity_feed", "record_deletions"] as const;
export type HistoryLog = (typeof HISTORY_LOGS)[number];

/** Where a read of a log starts: after a sequence (`after_sequence`, a cursor), or at a time (`since`). */
export interface HistoryReadStart {
  afterSequence?: number;
  since?: number;
  /**
   * A cursor's: the horizon when its scan began (zeros: none). What was pruned before then was never the scan's to
   * list, so only a later prune (which moves the horizon's sequence or time) past its position refuses it.
   */
  scanHorizon?: ScanHorizon;
}

/** A log's horizon as a cursor carries it: the newest sequence and time pruned (zeros: nothing pruned). */
export interface ScanHorizon {
  sequence: number;
  time: number;
}

/**
 * The horizon a cursor's scan began at: its key's second and third values (the log's pages put them there). A cursor
 * issued before the key carried them has none, and is held to the horizon as a read after its sequence.
 */
export function cursorScanHorizon(position: PagePosition): ScanHorizon | undefined {
  if (position.kind !== "after" || position.key.length < 3) return undefined;
  const [sequence, time] = [Number(position.key[1]), Number(position.key[2])];
  return Number.isSafeInteger(sequence) && Number.isSafeInteger(time) ? { sequence, time } : undefined;
}

/** A page's cursor key: the last entry's sequence, then the horizon its scan began at. */
export const historyCursorKey = (lastSequence: number, horizon: ScanHorizon) => [lastSequence, horizon.sequence, horizon.time];

const WHAT: Record<HistoryLog, string> = { activity_feed: "activity feed", record_deletions: "deletions log" };

/**
 * The `settings` key a restore (`restoreDatabase`) writes its time under, the time it gives every horizon: a horizon at
 * that time was closed by the restore (a later prune moves it on), so a refused poll is told of a restore, not a prune.
 */
export const RESTORED_AT_SETTING = "history_horizons_restored_at";

/** The restore's time when the horizon at `time` is the one a restore set, else undefined. */
async function restoredAtHorizon(db: Kysely<Database>, time: number): Promise<number | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", RESTORED_AT_SETTING).executeTakeFirst();
  return row !== undefined && Number(row.value) === time ? time : undefined;
}

/**
 * Throws a HistoryPrunedError when the read starting at `start` would have listed entries the horizon pruned: it
 * starts after a sequence below the newest one pruned, or (with no sequence) at a time no later than the newest
 * pruned entry's. A read from the beginning (neither) lists what is kept, as a fresh copy does, and is not refused;
 * nor is the rest of its scan, which goes on below the horizon through the entries kept there (a live item's), until
 * a later prune passes its position. Resolves to the horizon, for the page's cursor to carry as its `scanHorizon`.
 */
export async function assertAfterHistoryHorizon(db: Kysely<Database>, tenantUuid: string, log: HistoryLog, start: HistoryReadStart): Promise<ScanHorizon> {
  const horizon = await db
    .selectFrom("history_horizons")
    .select(["pruned_through_sequence", "pruned_through_time"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("log", "=", log)
    .executeTakeFirst();
  if (!horizon) return { sequence: 0, time: 0 };
  const sequence = Number(horizon.pruned_through_sequence);
  const time = Number(horizon.pruned_through_time);
  const scan = start.scanHorizon;
  if (scan !== undefined && scan.sequence >= sequence && scan.time >= time) return scan;
  const before =
    start.afterSequence !== undefined ? start.afterSequence < sequence : start.since !== undefined && start.since <= time;
  if (!before) return { sequence, time };
  const restoredAt = await restoredAtHorizon(db, time);
  const at = new Date(time).toISOString();
  const closed =
    restoredAt === undefined
      ? `the ${WHAT[log]} was pruned through sequence ${sequence} (entries recorded up to ${at}): reading on from this position would miss changes`
      : `the database was restored from a backup at ${at}, which closed the ${WHAT[log]} through sequence ${sequence} (entries ` +
        `recorded up to ${at}): changes made after the backup was taken are gone without a log entry saying so, and reading on ` +
        "from this position would miss them";
  throw new HistoryPrunedError(`${closed}; make a full copy again, then poll with after_sequence ${sequence} or later`, {
    log,
    prunedThroughSequence: sequence,
    prunedThroughTime: time,
    ...(restoredAt === undefined ? {} : { restoredAt }),
  });
}
