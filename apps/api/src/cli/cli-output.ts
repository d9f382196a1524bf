/** How the command line speaks: JSON with --json, short human lines otherwise; errors in one line. */
import { commandStreams } from "./command-streams.js";

export interface OutputOptions {
  json?: boolean;
}

/** Control characters but the tab: C0, DEL and C1. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/**
 * `text` as a terminal shows it and does nothing else: each control character but the tab written as `\xNN`. A line
 * may quote what an archive or a client wrote (an imported message's Date header, a user's or an OAuth client's
 * name), and an escape sequence there would otherwise retitle, clear or rewrite the operator's terminal.
 */
export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** DEL and the C1 control characters, which JSON.stringify leaves as they are (it escapes only C0). */
const CONTROL_CHARACTERS_JSON_KEEPS = /[\u007f-\u009f]/g;

/**
 * JSON text (or a piece of it) with DEL and the C1 control characters escaped as `\u00NN`, as JSON.stringify escapes
 * C0: the same document to a parser, and nothing a terminal acts on (U+009B starts an escape sequence there, as
 * ESC `[` does). Any such character in JSON text is inside a string, where the escape is equivalent.
 *
 * @example
 * jsonForTerminal(JSON.stringify({ name: "Ada\u009b2J" })); // '{"name":"Ada\\u009b2J"}'
 */
export function jsonForTerminal(json: string): string {
  return json.replace(CONTROL_CHARACTERS_JSON_KEEPS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Prints a command's result: the JSON document (control characters escaped, see `jsonForTerminal`), or the
 * human-readable lines (control characters shown, see `printable`).
 */
export function printResult(options: OutputOptions, result: unknown, human: () => string[]): void {
  if (options.json) {
    commandStreams().stdout.write(`${jsonForTerminal(JSON.stringify(result, null, 2))}\n`);
    return;
  }
  for (const line of human()) commandStreams().stdout.write(`${printable(line)}\n`);
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
