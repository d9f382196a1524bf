/**
 * What `rapport tenants import` does: reads the export's manifest, brings the database to this release (opening a
 * store; making a new one where there is none), writes every record into a new tenant in steps (`openTenantImport`) with its progress on stderr,
 * checks the records against the manifest's counts, commits, and says what the host does next: the users have no key
 * and no password yet.
 */
import { ConflictError, InvalidInputError, openTenantImport, TENANT_EXPORT_KINDS, type TenantImport } from "@rapport/store";
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { databaseCreation } from "./database-creation.js";
import { createdDatabaseNotice, openingDatabase, resolveDatabasePath } from "./database-path.js";
import { openStore } from "./open-store.js";
import { sqliteSynchronousFromEnvironment } from "../platform/environment/sqlite-synchronous-from-environment.js";
import { abortOnStoppingSignals, interruptedExitCode } from "./stopping-signals.js";
import { createTenantRecordsProgressDisplay } from "./tenant-records-progress.js";
import { openTenantImportSource, type TenantImportSource } from "./tenant-import-source.js";

/**
 * What the host does next, printed with the result: an export carries no sign-in secret (keys, passwords, OAuth grants
 * are the old server's credentials), so nobody reaches the moved tenant until this server issues its own.
 */
export const NEXT_STEPS_NOTE =
  "the users come without API keys, passwords or OAuth grants (not exported: this server issues its own): give each one who needs it a key " +
  "(rapport keys create --tenant T --user U) or a password (rapport users set-password --tenant T --user U); " +
  "an MCP client connected through OAuth connects again once its user has a password here";

/** A refusal of the store, in the words of the export's line it came from. */
const refusal = (error: unknown, where: string | null) =>
  error instanceof InvalidInputError || error instanceof ConflictError
    ? new CliError(`${where ? `${where}: ` : ""}${error.message.replace(/^openTenantImport: /, "")}`)
    : error;

export async function importTenant(options: { from: string; tenant?: string; name?: string }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const database = resolveDatabasePath(global.db);
  const source = await openTenantImportSource(options.from);
  // A firm moving to a server of its own is imported into a new database: made here, as `tenants create` makes one,
  // and removed again, with the folders made for it, when the import fails however it does, as when the opening does
  // (an empty database the user did not ask for).
  const creation = databaseCreation(database);
  try {
    await (
      await openingDatabase(database, () => {
        creation.createIfMissing();
        return openStore(database);
      })
    ).close();
    await importInto(database, source, options, global);
    // Said once the import is done, as tenants create says it: a failed one removes the database again.
    if (creation.created) commandStreams().stderr.write(createdDatabaseNotice(database));
  } catch (error) {
    creation.undo();
    throw error;
  }
}

async function importInto(
  database: string,
  source: TenantImportSource,
  options: { tenant?: string; name?: string },
  global: { json?: boolean },
): Promise<void> {
  const { deleted_at: _deletedAt, ...exported } = source.tenant;
  const tenant = { ...exported, uuid: options.tenant ?? exported.uuid, name: options.name ?? exported.name };
  let imported: TenantImport;
  try {
    // Its steps reach the disk as every command's writes do (RAPPORT_SQLITE_SYNCHRONOUS, as openStore reads it).
    imported = await openTenantImport(database, tenant, { synchronous: sqliteSynchronousFromEnvironment(process.env) });
  } catch (error) {
    if (error instanceof ConflictError && /being imported/.test(error.message)) throw refusal(error, null);
    if (error instanceof ConflictError) throw new CliError(`tenant ${tenant.uuid} exists on this server: pass --tenant with a new UUID to import under another`);
    throw refusal(error, "the manifest");
  }
  const total = TENANT_EXPORT_KINDS.reduce((sum, kind) => sum + source.counts[kind], 0);
  const display = createTenantRecordsProgressDisplay({ command: "import", done: "imported" }, commandStreams().stderr);
  // Ctrl-C (or SIGTERM, or SIGHUP) stops at the next record and rolls the import back: no tenant is left half-made.
  const controller = new AbortController();
  const stopListening = abortOnStoppingSignals(controller);
  let done = 0;
  try {
    for await (const line of source.records()) {
      controller.signal.throwIfAborted();
      try {
        await imported.add(line.kind, line.record, line.content);
      } catch (error) {
        throw refusal(error, line.where);
      }
      done += 1;
      display.update({ kind: line.kind, done, total });
    }
    const differing = TENANT_EXPORT_KINDS.filter((kind) => imported.counts[kind] !== source.counts[kind]);
    if (differing.length > 0) {
      throw new CliError(
        `the export does not hold what its manifest says: ${differing.map((kind) => `${kind}: ${imported.counts[kind]} records, the manifest says ${source.counts[kind]}`).join("; ")}`,
      );
    }
    // A turn of the event loop before the commit: a signal sent meanwhile is heard (a small export is read in one).
    await new Promise((resolve) => setImmediate(resolve));
    controller.signal.throwIfAborted();
    try {
      await imported.commit();
    } catch (error) {
      throw refusal(error, null);
    }
  } catch (error) {
    if (controller.signal.aborted) throw new CliError(`interrupted: tenant ${tenant.uuid} not imported (nothing of it was kept)`, interruptedExitCode(controller.signal));
    throw error;
  } finally {
    display.stop();
    await imported.abandon();
    stopListening();
  }
  const result = { uuid: tenant.uuid, name: tenant.name, from: source.path, records: imported.counts, note: NEXT_STEPS_NOTE };
  printResult(global, result, () => [
    `imported tenant ${tenant.uuid} (${tenant.name}) from ${source.path}: ${done} records`,
    ...TENANT_EXPORT_KINDS.map((kind) => `  ${kind.padEnd(28)} ${imported.counts[kind]}`),
    NEXT_STEPS_NOTE.replaceAll("--tenant T", `--tenant ${tenant.uuid}`),
  ]);
}
