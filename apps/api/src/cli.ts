#!/usr/bin/env node
/** The `rapport` command line. Failures print one line on stderr and exit non-zero. */
import { outputReaderGone, outputReaderGoneEndsProcess } from "./cli/output-reader-gone.js";
import { runCli } from "./cli/run-cli.js";
import { terminalGone } from "./platform/runtime/terminal-gone.js";
import { turnOffAllocationSitePretenuring } from "./platform/runtime/allocation-site-pretenuring.js";

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

const exitCode = await runCli(process.argv);
if (exitCode !== undefined) process.exit(exitCode);
