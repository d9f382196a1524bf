/**
 * @module
 * What `rapport compact` does once its options are read (in compact-command.ts): the store's compactDatabase, and
 * what it gave back.
 */
import { compactDatabase, ConflictError, InvalidInputError } from "@rapport/store";
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { megabytes } from "./progress-display.js";

/** What `rapport compact` prints: with `--json`, this document. */
export interface CompactOutput {
  database: string;
  bytes_before: number;
  bytes_after: number;
  seconds: number;
}

/** Runs `rapport compact`. */
export async function runCompact(command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const database = existingDatabasePath(global.db);
  const started = performance.now();
  try {
    const result = await openingDatabase(database, async () => compactDatabase(database));
    const output: CompactOutput = {
      database: result.path,
      bytes_before: result.bytesBefore,
      bytes_after: result.bytesAfter,
      seconds: Math.round(performance.now() - started) / 1_000,
    };
    printResult(global, output, () => [
      `compacted ${output.database}: ${megabytes(output.bytes_before)} to ${megabytes(output.bytes_after)} in ${output.seconds.toFixed(2)} s`,
      "  every page was written again from the live rows: no byte of a deleted or erased row is left in the file",
    ]);
  } catch (error) {
    if (error instanceof ConflictError || error instanceof InvalidInputError) throw new CliError(error.message.replace(/^compactDatabase: /, ""));
    throw error;
  }
}
