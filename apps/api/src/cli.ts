#!/usr/bin/env node
/** The `rapport` command line. Failures print one line on stderr and exit non-zero. */
import { ConflictError, InvalidInputError, NotFoundError } from "@rapport/store/vocabulary";
import { CommanderError } from "commander";
import { CliError, printable } from "./cli/cli-output.js";
import { ConfigurationError } from "./platform/environment/configuration-error.js";
import { createProgram } from "./cli/create-program.js";
import { outputReaderGone, outputReaderGoneEndsProcess } from "./cli/output-reader-gone.js";
import { terminalGone } from "./platform/runtime/terminal-gone.js";
import { turnOffAllocationSitePretenuring } from "./platform/runtime/allocation-site-pretenuring.js";

function messageOf(error: unknown): string {
  if (error instanceof CommanderError) return error.message.replace(/^error: /, "");
  const known = [CliError, ConfigurationError, ConflictError, InvalidInputError, NotFoundError];
  if (known.some((kind) => error instanceof kind)) return (error as Error).message;
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return `unexpected failure: ${String(error)}`;
}

// Before any tenant's graph is hydrated: its rankings' garbage then stays in the young generation.
turnOffAllocationSitePretenuring();

// A reader that stops early (`rapport keys list | head -2`) closes the pipe: the output is no longer wanted.
// A server keeps serving without its log reader (see keepRunningWhenOutputReaderGoes).
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (outputReaderGone(error)) {
    if (outputReaderGoneEndsProcess()) process.exit(0);
    return;
  }
  if (terminalGone(error)) return;
  throw error;
});
// Logs, progress and messages: on a terminal that hung up, the command still finishes its batch or drain and
// closes the database.
process.stderr.on("error", (error: NodeJS.ErrnoException) => {
  if (terminalGone(error) || (outputReaderGone(error) && !outputReaderGoneEndsProcess())) return;
  throw error;
});

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError && (error.exitCode === 0 || error.code === "commander.helpDisplayed" || error.code === "commander.version")) {
    process.exit(0);
  }
  // A group named without a command (`rapport users`): its help is on stderr already.
  if (error instanceof CommanderError && error.code === "commander.help") process.exit(1);
  process.stderr.write(`rapport: ${printable(messageOf(error).split("\n")[0]!)}\n`);
  process.exit(error instanceof CliError ? error.exitCode : 1);
}
