/**
 * @module
 * `rapport tenants export`: its options and help; what it does is loaded from tenant-export-action.ts when it runs.
 */
import { Command } from "commander";
import { tenantUuidOption } from "./uuid-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

export function tenantExportCommand(): Command {
  return new Command("export")
    .description(
      "export every record of a tenant, for the customer (data portability) or another server: JSON Lines per kind of " +
        "record in the API's shapes, a manifest and the files' contents; from one consistent snapshot, beside a running " +
        "server; no key, password or other secret",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption(
      "--out <path>",
      "a new or empty folder (manifest.json, <kind>.jsonl, files/<uuid>), readable by its owner only; or a file ending in .jsonl for all in one",
    )
    .option("--force", "replace the --out file when it exists (a folder must be new or empty)")
    .action(existingDatabaseAction(async (options, command) => (await import("./tenant-export-action.js")).exportTenant(options, command)));
}
