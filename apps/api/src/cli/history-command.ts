/**
 * @module
 * `rapport history prune`: its options and help; what it does is loaded from history-action.ts when it runs.
 */
import { Command } from "commander";
import { tenantUuidOption } from "./uuid-option.js";
import { wholeNumberOption } from "./whole-number-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

/** A hundred years: a longer horizon prunes nothing a database can hold. */
export const MAX_RETENTION_DAYS = 36_500;

/** A `--older-than <days>` option: whole days from 1 to MAX_RETENTION_DAYS. */
export const retentionDays = wholeNumberOption(1, MAX_RETENTION_DAYS, `must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}`);

export function historyCommand(): Command {
  const history = new Command("history").description("keep the activity feed and the deletions log to a retention period");
  history
    .command("prune")
    .description(
      "delete the deletions log's entries and the activity feed's removals older than --older-than days, in every live " +
        "tenant (or --tenant's), beside a running server too; pollers whose position is older then answer 410 and copy again",
    )
    .requiredOption("--older-than <days>", "the retention period in days: entries recorded before it are deleted", retentionDays)
    .option("--tenant <uuid>", "only this tenant's logs", tenantUuidOption)
    .action(existingDatabaseAction(async (options, command) => (await import("./history-action.js")).pruneHistory(options, command)));
  return history;
}
