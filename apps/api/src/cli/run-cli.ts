/** @module One run of the `rapport` program on an argument list: a failure becomes its one line on stderr and an exit code. */
import { CommanderError } from "commander";
import { cliFailureMessage } from "./cli-failure-message.js";
import { CliError, printable } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { createProgram } from "./create-program.js";

/**
 * Runs the program on `argv` (as `process.argv`: the node executable and the script first). Resolves to the exit
 * code to end with at once (a failure, help or the version), or `undefined` when the command finished and the
 * process ends on its own (with any `process.exitCode` the command set).
 */
export async function runCli(argv: readonly string[]): Promise<number | undefined> {
  try {
    await createProgram().parseAsync([...argv]);
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError && (error.exitCode === 0 || error.code === "commander.helpDisplayed" || error.code === "commander.version")) {
      return 0;
    }
    // A group named without a command (`rapport users`): its help is on stderr already.
    if (error instanceof CommanderError && error.code === "commander.help") return 1;
    commandStreams().stderr.write(`rapport: ${printable(cliFailureMessage(error).split("\n")[0]!)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
