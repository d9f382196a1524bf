/** What `rapport history prune` does: prunes both history logs to the retention period and prints what went, per tenant. */
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { openStore } from "./open-store.js";

const DAY = 86_400_000;

export async function pruneHistory(options: { olderThan: number; tenant?: string }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const path = existingDatabasePath(global.db);
  const store = await openingDatabase(path, () => openStore(path));
  const olderThan = Date.now() - options.olderThan * DAY;
  try {
    if (options.tenant !== undefined && !(await store.tenants.get(options.tenant))) throw new CliError(`tenant ${options.tenant} not found`);
    const results = await store.history.prune({ olderThan, tenantUuid: options.tenant });
    // Named as the API's fields are, as every other --json document is (the store's result is camelCase).
    const pruned = results.map((result) => ({
      tenant_uuid: result.tenantUuid,
      log: result.log,
      removed: result.removed,
      pruned_through_sequence: result.prunedThroughSequence,
      pruned_through_time: result.prunedThroughTime,
    }));
    printResult(global, { older_than: new Date(olderThan).toISOString(), pruned }, () =>
      results.length === 0
        ? [`nothing recorded before ${new Date(olderThan).toISOString()} to prune`]
        : results.map(
            (result) =>
              `${result.tenantUuid}  ${result.log.padEnd(16)}  ${result.removed} entries removed; polls after a sequence below ${result.prunedThroughSequence} now answer 410`,
          ),
    );
  } finally {
    await store.close();
  }
}
