/**
 * What `rapport tenants export` does: checks `--out`, brings the database to this release (opening a store), reads the
 * tenant from one snapshot (`openTenantExport`) and writes it with its progress on stderr, then prints what it wrote.
 */
import { openTenantExport, TENANT_EXPORT_FORMAT_VERSION, TENANT_EXPORT_KINDS, TENANT_TABLES_LEFT_OUT } from "@rapport/store";
import type { Command } from "commander";
import { RAPPORT_BUILD } from "../version.js";
import { CliError, printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { openStore } from "./open-store.js";
import { abortOnStoppingSignals } from "./stopping-signals.js";
import { createTenantRecordsProgressDisplay } from "./tenant-records-progress.js";
import { checkedExportTarget, writeTenantExport } from "./tenant-export-output.js";

/** What a manifest says it is, for a reader that finds the file alone. */
export const TENANT_EXPORT_FORMAT = "rapport-tenant-export";

export async function exportTenant(options: { tenant: string; out: string; force?: boolean }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const database = existingDatabasePath(global.db);
  const target = checkedExportTarget(options.out, options.force ?? false, database);
  // The export reads the schema of this release: a store migrates the file as it opens, as every command's does.
  await (await openingDatabase(database, () => openStore(database))).close();
  const exported = openTenantExport(database, options.tenant);
  if (!exported) throw new CliError(`tenant ${options.tenant} not found: never created, or purged`);
  const exportedAt = Date.now();
  const manifest = {
    format: TENANT_EXPORT_FORMAT,
    format_version: TENANT_EXPORT_FORMAT_VERSION,
    rapport_version: RAPPORT_BUILD,
    exported_at: exportedAt,
    tenant: exported.tenant,
    kinds: TENANT_EXPORT_KINDS.map((kind) => ({ kind, count: exported.counts[kind], ...(target.form === "folder" ? { file: `${kind}.jsonl` } : {}) })),
    left_out: TENANT_TABLES_LEFT_OUT,
  };
  const display = createTenantRecordsProgressDisplay({ command: "export", done: "written" }, commandStreams().stderr);
  // Ctrl-C (or SIGTERM, or SIGHUP) stops at the next record and removes the partial export: all of a tenant's data
  // is not left behind in a folder nobody asked for.
  const controller = new AbortController();
  const stopListening = abortOnStoppingSignals(controller);
  let bytes: number;
  try {
    bytes = await writeTenantExport(exported, target, { manifest, onProgress: (progress) => display.update(progress), signal: controller.signal });
  } finally {
    display.stop();
    exported.close();
    stopListening();
  }
  const total = TENANT_EXPORT_KINDS.reduce((sum, kind) => sum + exported.counts[kind], 0);
  const deleted = exported.tenant.deleted_at === null ? "" : " (a deleted tenant)";
  const result = { uuid: options.tenant, deleted_at: exported.tenant.deleted_at, path: target.path, bytes, records: exported.counts, format_version: TENANT_EXPORT_FORMAT_VERSION };
  printResult(global, result, () => [
    `exported tenant ${options.tenant}${deleted} to ${target.path}: ${total} records, ${bytes} bytes`,
    ...TENANT_EXPORT_KINDS.map((kind) => `  ${kind.padEnd(28)} ${exported.counts[kind]}`),
  ]);
}
