/**
 * What `rapport tenants purge` does: refuses a live tenant or a missing `--yes`, purges with its progress on stderr,
 * prints the rows removed by table.
 */
import { ConflictError, type TenantPurgeResult } from "@rapport/store";
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { openStore } from "./open-store.js";
import { commandStreams } from "./command-streams.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { createTenantPurgeProgressDisplay } from "./tenant-purge-progress.js";

/** What the output says of the file's size: it does not shrink. */
export const FREED_PAGES_NOTE =
  "the database file keeps its size: SQLite reuses the freed pages (overwritten with zeros) for later writes, " +
  "and rapport compact (every process stopped) gives them back; backups made before still hold the tenant's records";

export async function purgeTenant(options: { tenant: string; yes?: boolean }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const path = existingDatabasePath(global.db);
  const store = await openingDatabase(path, () => openStore(path));
  let result: TenantPurgeResult | null;
  try {
    if (!options.yes) {
      // The tenant is checked first: a live or unknown one is refused as such, not asked for confirmation.
      if (await store.tenants.get(options.tenant)) throw liveTenant(options.tenant);
      throw new CliError(`purging tenant ${options.tenant} removes its records for good: pass --yes to purge it`);
    }
    const display = createTenantPurgeProgressDisplay(commandStreams().stderr);
    try {
      result = await store.tenants.purge(options.tenant, { onProgress: (progress) => display.update(progress) });
      display.stop();
    } catch (error) {
      display.stop();
      if (error instanceof ConflictError) throw /being imported/.test(error.message) ? new CliError(error.message.replace(/^tenants\.purge: /, "")) : liveTenant(options.tenant);
      const reason = error instanceof Error ? error.message : String(error);
      throw new CliError(`the purge of tenant ${options.tenant} stopped (${reason}); no other tenant's data was touched: run the same command again to finish it`);
    }
  } finally {
    await store.close();
  }
  if (!result) throw new CliError(`tenant ${options.tenant} not found: never created, or purged already`);
  const removed = Object.entries(result.removedRows).sort(([a], [b]) => a.localeCompare(b));
  const total = removed.reduce((sum, [, count]) => sum + count, 0);
  printResult(global, { uuid: options.tenant, purged: true, removed_rows: result.removedRows, note: FREED_PAGES_NOTE }, () => [
    `purged tenant ${options.tenant}: ${total} rows removed`,
    ...removed.map(([table, count]) => `  ${table.padEnd(32)} ${count}`),
    FREED_PAGES_NOTE,
  ]);
}

const liveTenant = (tenantUuid: string) =>
  new CliError(`tenant ${tenantUuid} is not deleted: only a deleted tenant is purged (rapport tenants delete --tenant ${tenantUuid} first)`);
