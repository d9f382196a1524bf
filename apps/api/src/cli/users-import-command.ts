/**
 * @module
 * `rapport users import <file>`: its options and help; what it does is loaded from users-import-action.ts when it runs.
 */
import { Command, Option } from "commander";
import { tenantUuidOption } from "./uuid-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

/** The format choices, written here so that `--help` does not load the parser. */
const FORMATS = ["csv", "jsonl"];

export function usersImportCommand(): Command {
  return new Command("import")
    .description(
      "create the users of a file: CSV with a header (name,email,role) or JSON lines ({\"name\", \"email\", \"role\"}; role " +
        "member when left out). Every row is checked first: when any is wrong, each is named by its line and nothing is " +
        "written. A user whose email the tenant has already is skipped and listed; the others are created in one transaction",
    )
    .argument("<file>", "the users file (.csv, .jsonl, .ndjson or .json; otherwise JSON lines when it starts with {), or - for standard input")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .addOption(new Option("--format <format>", "the file's format, when its name does not say").choices(FORMATS))
    .option("--dry-run", "check everything and say what would be created, writing nothing")
    .option("--keys", "also create an API key bound to each user created; the keys are printed once")
    .option("--read-only", "with --keys: keys that may only read")
    .option("--key-label <label>", "with --keys: the keys' label (to tell them apart in keys list)")
    .action(existingDatabaseAction(async (file: string, options, command) => (await import("./users-import-action.js")).importUsers(file, options, command)));
}
