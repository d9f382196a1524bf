/**
 * @module
 * What `rapport restore` does once its options are read (in restore-command.ts): the store's restoreDatabase, then
 * what the operator must still do.
 */
import { resolve } from "node:path";
import { ConflictError, IncompatibleDatabaseError, InvalidInputError, restoreDatabase } from "@rapport/store";
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { openingDatabase, resolveDatabasePath } from "./database-path.js";
import { outputFileFailure } from "./output-file-failure.js";
import { checkReadable } from "./readable-file.js";
import { megabytes } from "./progress-display.js";

export interface RestoreOptions {
  from: string;
}

/** What `rapport restore` prints: with `--json`, this document. */
export interface RestoreOutput {
  /** The database file, now the backup's copy. */
  database: string;
  /** The backup restored. */
  from: string;
  bytes: number;
  seconds: number;
  /** Where the replaced database was kept; null when there was none. */
  replaced_path: string | null;
  counters_raised: number;
  /** Persons erased after the backup was taken, whom it holds again: erase them again. */
  erased_since_backup: Array<{ tenant_uuid: string; person_uuid: string }>;
}

function humanLines(output: RestoreOutput): string[] {
  const lines = [`restored ${output.database} from ${output.from}: ${output.bytes} bytes (${megabytes(output.bytes)}) in ${output.seconds.toFixed(2)} s`];
  if (output.replaced_path) {
    lines.push(`  the database it replaced is kept at ${output.replaced_path}: delete it once you no longer need it`);
    lines.push("  polls of GET /v1/deletions and GET /v1/activity from before the restore answer 410: integrators copy everything again");
  }
  const erased = output.erased_since_backup;
  if (erased.length > 0) {
    lines.push(`  ${erased.length} person${erased.length === 1 ? " was" : "s were"} erased after this backup was taken and ${erased.length === 1 ? "is" : "are"} in it again; erase them again before serving:`);
    for (const person of erased) lines.push(`    rapport persons erase --tenant ${person.tenant_uuid} --person ${person.person_uuid}`);
  }
  lines.push("  start the server: it migrates the database if the backup is of an earlier release");
  return lines;
}

/** Runs `rapport restore --from <backup>` with its parsed options. */
export async function runRestore(options: RestoreOptions, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  // A new path is allowed: restoring onto a new machine or volume.
  const database = resolveDatabasePath(global.db);
  const from = resolve(options.from);
  const started = performance.now();
  try {
    checkReadable(from, "the backup");
    const result = await openingDatabase(database, async () => {
      try {
        return await restoreDatabase(database, from);
      } catch (error) {
        // Said here, before openingDatabase would take a system error about the copy for one about the database.
        throw outputFileFailure(error, database) ?? error;
      }
    });
    const output: RestoreOutput = {
      database: result.path,
      from,
      bytes: result.bytes,
      seconds: Math.round(performance.now() - started) / 1_000,
      replaced_path: result.replacedPath,
      counters_raised: result.countersRaised,
      erased_since_backup: result.erasedSinceBackup,
    };
    printResult(global, output, () => humanLines(output));
  } catch (error) {
    if (error instanceof CliError && error.message.startsWith(`${database} was written by a newer`)) {
      throw new CliError(error.message.replace(database, `the backup ${from}`));
    }
    if (error instanceof IncompatibleDatabaseError) throw new CliError(`the backup ${from} ${error.message}`);
    if (error instanceof ConflictError || error instanceof InvalidInputError) throw new CliError(error.message.replace(/^restoreDatabase: /, ""));
    throw error;
  }
}
