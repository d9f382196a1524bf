/**
 * @module
 * `rapport restore --from <backup>`: puts a backup in place of the database while no process has it open. The
 * command's options and help; the restore is done by restore-action.ts, loaded when it runs.
 */
import { Command } from "commander";
import type { RestoreOptions } from "./restore-action.js";

export function restoreCommand(): Command {
  return new Command("restore")
    .description("put a backup (from rapport backup) in place of the database; every server on it must be stopped first")
    .requiredOption("--from <file>", "the backup file")
    .action(async (options: RestoreOptions, command: Command) => (await import("./restore-action.js")).runRestore(options, command));
}
