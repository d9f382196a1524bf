/**
 * @module
 * `rapport compact`: SQLite's VACUUM on the database while no process has it open. The command's help; the work is
 * done by compact-action.ts, loaded when it runs.
 */
import { Command } from "commander";
import { existingDatabaseAction } from "./existing-database-action.js";

export function compactCommand(): Command {
  return new Command("compact")
    .description(
      "rewrite the database file from its live rows (SQLite VACUUM): no byte of a deleted or erased row stays in it, free space goes back; every server on it must be stopped first",
    )
    .action(existingDatabaseAction(async (_options: object, command: Command) => (await import("./compact-action.js")).runCompact(command)));
}
