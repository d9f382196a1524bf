/** How the command line speaks: JSON with --json, short human lines otherwise; errors in one line. */

export interface OutputOptions {
  json?: boolean;
}

/** Prints a command's result: the JSON document, or the human-readable lines. */
export function printResult(options: OutputOptions, result: unknown, human: () => string[]): void {
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  for (const line of human()) process.stdout.write(`${line}\n`);
}

/** A failure the user can fix: shown as one line, exit code 1 (or `exitCode`, 130 for an interruption), no stack trace. */
export class CliError extends Error {
  override readonly name = "CliError";

  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
