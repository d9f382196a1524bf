/** @module Test helper: waiting until a store sees what another connection has just committed. */
import { OTHERS_COMMITS_SEEN_WITHIN_MS } from "../sqlite/generation-snapshots.js";

/**
 * Resolves once a commit another connection has just made is due to be seen by the store's next read:
 * more than `OTHERS_COMMITS_SEEN_WITHIN_MS` later on the monotonic clock (see generation-snapshots.ts).
 */
export async function othersCommitsSeen(): Promise<void> {
  const committedBy = performance.now();
  while (performance.now() - committedBy <= OTHERS_COMMITS_SEEN_WITHIN_MS) {
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
}
