/**
 * @module
 * What `rapport backup` does once its options are read (in backup-command.ts): copies the database file beside
 * whatever else has it open (without opening a store, which would migrate it), with a progress display, and
 * prints what it wrote.
 */
import { resolve } from "node:path";
import { backupDatabase, ConflictError, InvalidInputError } from "@rapport/store";
import type { Command } from "commander";
import { createBackupProgressDisplay } from "./backup-progress.js";
import { CliError, printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { outputFileFailure, refuseSpecialFile, refuseSymbolicLink } from "./output-file-failure.js";
import { megabytes } from "./progress-display.js";
import { abortOnStoppingSignals, interruptedExitCode } from "./stopping-signals.js";

export interface BackupOptions {
  to: string;
  force?: boolean;
}

/** What `rapport backup` prints: with `--json`, this document. */
export interface BackupOutput {
  /** The database copied. */
  database: string;
  /** The copy, an absolute path. */
  path: string;
  bytes: number;
  seconds: number;
}

/** Runs `rapport backup --to <file>` with its parsed options. */
export async function runBackup(options: BackupOptions, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  // Not a new empty database, backed up. `:memory:` gets the store's own refusal.
  const database = existingDatabasePath(global.db, { allowMemory: true });
  refuseSpecialFile(resolve(options.to));
  refuseSymbolicLink(resolve(options.to));
  const display = createBackupProgressDisplay(commandStreams().stderr);
  // Ctrl-C (or SIGTERM, or SIGHUP from a closed terminal) stops the copy at its next step, which removes the
  // partial file, rather than leaving it behind.
  const controller = new AbortController();
  const stopListening = abortOnStoppingSignals(controller);
  const started = performance.now();
  try {
    // Not through a store, which would migrate the file first: a backup before an upgrade is of the earlier version.
    const { path, bytes } = await openingDatabase(database, async () => {
      try {
        return await backupDatabase(database, options.to, {
          replace: options.force ?? false,
          onProgress: (progress) => display.update(progress),
          signal: controller.signal,
        });
      } catch (error) {
        // Said here, before openingDatabase would take a system error about the copy for one about the database.
        throw outputFileFailure(error, options.to) ?? error;
      }
    });
    display.stop();
    const output: BackupOutput = { database, path, bytes, seconds: Math.round(performance.now() - started) / 1_000 };
    printResult(global, output, () => [
      `backed up ${database} to ${path}: ${bytes} bytes (${megabytes(bytes)}) in ${output.seconds.toFixed(2)} s`,
      `to restore: stop every server on the database, then rapport restore --db ${database} --from ${path}`,
    ]);
  } catch (error) {
    display.stop();
    if (controller.signal.aborted) {
      throw new CliError("interrupted: no backup written (the partial copy was removed)", interruptedExitCode(controller.signal));
    }
    if (error instanceof ConflictError) throw new CliError(`${resolve(options.to)} exists: pass --force to replace it`);
    if (error instanceof InvalidInputError) throw new CliError(error.message.replace(/^store\.backup: /, ""));
    throw error;
  } finally {
    stopListening();
  }
}
