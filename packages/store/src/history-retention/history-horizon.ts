/**
 * The retention horizon of a tenant's history logs (migration 0047): a read of the activity feed or the deletions log
 * that would start before what was pruned is refused, so a poller never misses a change without knowing.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { HistoryPrunedError } from "../errors.js";

/** The logs a retention horizon prunes: the activity feed's removals and the deletions log. */
export const HISTORY_LOGS = ["activity_feed", "record_deletions"] as const;
export type HistoryLog = (typeof HISTORY_LOGS)[number];

/** Where a read of a log starts: after a sequence (`after_sequence`, a cursor), or at a time (`since`). */
export interface HistoryReadStart {
  afterSequence?: number;
  since?: number;
}

const WHAT: Record<HistoryLog, string> = { activity_feed: "activity feed", record_deletions: "deletions log" };

/**
 * Throws a HistoryPrunedError when the read starting at `start` would have listed entries the horizon pruned: it
 * starts after a sequence below the newest one pruned, or (with no sequence) at a time no later than the newest
 * pruned entry's. A read from the beginning (neither) lists what is kept, as a fresh copy does, and is not refused.
 */
export async function assertAfterHistoryHorizon(db: Kysely<Database>, tenantUuid: string, log: HistoryLog, start: HistoryReadStart): Promise<void> {
  if (start.afterSequence === undefined && start.since === undefined) return;
  const horizon = await db
    .selectFrom("history_horizons")
    .select(["pruned_through_sequence", "pruned_through_time"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("log", "=", log)
    .executeTakeFirst();
  if (!horizon) return;
  const sequence = Number(horizon.pruned_through_sequence);
  const time = Number(horizon.pruned_through_time);
  const before =
    start.afterSequence !== undefined ? start.afterSequence < sequence : start.since !== undefined && start.since <= time;
  if (!before) return;
  throw new HistoryPrunedError(
    `the ${WHAT[log]} was pruned through sequence ${sequence} (entries recorded up to ${new Date(time).toISOString()}): ` +
      `reading on from this position would miss changes; make a full copy again, then poll with after_sequence ${sequence} or later`,
    { log, prunedThroughSequence: sequence, prunedThroughTime: time },
  );
}
