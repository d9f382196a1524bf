/**
 * @module
 * What an MCP tool call that polled a pruned history log (`rapport history prune`, or one a `rapport restore` closed)
 * reads with its 410. The REST message tells a syncing client to make a full copy again; an agent usually keeps no
 * copy: it asked what changed since a time, so it is told which call to make for what the log still holds, and what
 * to tell its user.
 */
import type { PrunedHistory } from "@rapport/store";

const LOGS: Record<PrunedHistory["log"], { what: string; lost: string; tool: string }> = {
  activity_feed: { what: "activity feed", lost: "removals of emails and meetings", tool: "listActivity" },
  record_deletions: { what: "deletions log", lost: "deletions", tool: "listDeletions" },
};

/**
 * The tool error's message for a poll before `horizon`: the calls that read on from it, in tool arguments.
 *
 * @example
 * prunedHistoryToolMessage({ log: "record_deletions", prunedThroughSequence: 812, prunedThroughTime: Date.UTC(2026, 0, 1) })
 * // "the deletions log was pruned through sequence 812: deletions recorded up to 2026-01-01T00:00:00.000Z are gone, ..."
 */
export function prunedHistoryToolMessage(horizon: PrunedHistory): string {
  const { what, lost, tool } = LOGS[horizon.log];
  const time = new Date(horizon.prunedThroughTime).toISOString();
  const gone =
    horizon.restoredAt === undefined
      ? `the ${what} was pruned through sequence ${horizon.prunedThroughSequence}: ${lost} recorded up to ${time} are gone`
      : `the database was restored from a backup at ${time}, which closed the ${what} through sequence ` +
        `${horizon.prunedThroughSequence}: ${lost} made after the backup was taken are gone`;
  return (
    `${gone}, so a list from this position would miss some. For the changes after that, call ${tool} again with after_sequence ` +
    `${horizon.prunedThroughSequence} (or since later than ${time}), and say that earlier changes cannot be listed in full; ` +
    `to rebuild a copy of the tenant's records, list them again and call ${tool} without since and after_sequence.`
  );
}
