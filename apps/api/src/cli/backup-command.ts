/**
 * @module
 * `rapport backup --to <file>`: a consistent copy of the database, taken while `rapport serve` (or an import) keeps
 * writing to it. The command's options and help; the copy is made by backup-action.ts, loaded when it runs.
 */
import { Command } from "commander";
import type { BackupOptions } from "./backup-action.js";

export function backupCommand(): Command {
  return new Command("backup")
    .description("copy the database to a file, consistently, while the server keeps running")
    .requiredOption("--to <file>", "the copy's file (its folder must exist)")
    .option("--force", "replace the file when it exists")
    .action(async (options: BackupOptions, command: Command) => (await import("./backup-action.js")).runBackup(options, command));
}
