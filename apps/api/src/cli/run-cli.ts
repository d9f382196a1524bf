/** @module One run of the `rapport` program on an argument list: a failure becomes its one line on stderr and an exit code. */
import { ConflictError, InvalidInputError, NotFoundError } from "@rapport/store/vocabulary";
import { CommanderError } from "commander";
import { ConfigurationError } from "../platform/environment/configuration-error.js";
import { CliError, printable } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { createProgram } from "./create-program.js";

function messageOf(error: unknown): string {
  if (error instanceof CommanderError) return error.message.replace(/^error: /, "");
  const known = [CliError, ConfigurationError, ConflictError, InvalidInputError, NotFoundError];
  if (known.some((kind) => error instanceof kind)) return (error as Error).message;
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return `unexpected failure: ${String(error)}`;
}

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
    commandStreams().stderr.write(`rapport: ${printable(messageOf(error).split("\n")[0]!)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
