/**
 * @module
 * `rapport status`: the database file as an operator looks at it, without migrating it. The command's help; what it
 * reads is loaded from status-action.ts when it runs.
 */
import { Command } from "commander";
import { existingDatabaseAction } from "./existing-database-action.js";

export function statusCommand(): Command {
  return new Command("status")
    .description("show the database: size and WAL, schema against this release, whether a process has it open, the tables that grow")
    .option("--verbose", "name each pending migration (or each of a newer release's), on a line of its own; --json always lists them")
    .action(existingDatabaseAction(async (_options: object, command: Command) => (await import("./status-action.js")).runStatus(command)));
}
