/**
 * @module
 * `rapport tenants import`: its options and help; what it does is loaded from tenant-import-action.ts when it runs.
 */
import { Command } from "commander";
import { tenantUuidOption } from "./uuid-option.js";

export function tenantImportCommand(): Command {
  return new Command("import")
    .description(
      "import a tenant export (rapport tenants export) as a new tenant of this server: its records with their uuids, " +
        "times and links, all or nothing; its users come without keys or passwords (rapport keys create, rapport users set-password)",
    )
    .requiredOption("--from <path>", "the export: its folder, or its .jsonl file")
    .option("--tenant <uuid>", "the new tenant's UUID (default: the exported tenant's)", tenantUuidOption)
    .option("--name <name>", "the new tenant's name (default: the exported tenant's)")
    .action(async (options, command) => (await import("./tenant-import-action.js")).importTenant(options, command));
}
