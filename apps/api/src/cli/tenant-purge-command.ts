/**
 * @module
 * `rapport tenants purge`: its options and help; what it does is loaded from tenant-purge-action.ts when it runs.
 */
import { Command } from "commander";
import { uuidOption } from "./uuid-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

export function tenantPurgeCommand(): Command {
  return new Command("purge")
    .description(
      "remove every record a deleted tenant left in the database file, for good (backups keep theirs); beside a running " +
        "server too, in short steps; run it again to finish a purge that was stopped",
    )
    .requiredOption("--tenant <uuid>", "UUID of a deleted tenant (rapport tenants delete)", uuidOption)
    .option("--yes", "confirm: the records cannot be brought back but from a backup")
    .action(existingDatabaseAction(async (options, command) => (await import("./tenant-purge-action.js")).purgeTenant(options, command)));
}
