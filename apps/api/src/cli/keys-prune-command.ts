/**
 * @module
 * `rapport keys prune`: its options and help; what it does is loaded from keys-prune-action.ts when it runs.
 */
import { Command } from "commander";
import { retentionDays } from "./history-command.js";
import { tenantUuidOption } from "./uuid-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

export function keysPruneCommand(): Command {
  return new Command("prune")
    .description(
      "delete the API keys revoked, or expired after a rotation, more than --older-than days ago, with their last uses, " +
        "in every tenant (or --tenant's); working keys are never deleted. A deleted key answers 401 like an unknown one",
    )
    .requiredOption("--older-than <days>", "keys retired before this many days ago are deleted", retentionDays)
    .option("--tenant <uuid>", "only this tenant's keys", tenantUuidOption)
    .action(existingDatabaseAction(async (options, command) => (await import("./keys-prune-action.js")).pruneKeys(options, command)));
}
