/** @module What `rapport` says about a command's failure, in one line. */
import { ConflictError, InvalidInputError, NotFoundError } from "@rapport/store/vocabulary";
import { CommanderError } from "commander";
import { ConfigurationError } from "../platform/environment/configuration-error.js";
import { isDiskFull } from "../platform/errors/disk-full.js";
import { CliError } from "./cli-output.js";

/**
 * The one line `rapport` prints for a failure (before the `rapport: ` prefix): a known error's own message, SQLite's
 * full disk in plain words, anything else an "unexpected failure" quoting it.
 *
 * @example cliFailureMessage(new Error("boom")); // "unexpected failure: boom"
 */
export function cliFailureMessage(error: unknown): string {
  if (error instanceof CommanderError) return error.message.replace(/^error: /, "");
  const known = [CliError, ConfigurationError, ConflictError, InvalidInputError, NotFoundError];
  if (known.some((kind) => error instanceof kind)) return (error as Error).message;
  // SQLite rolled back the write it met; what the command committed before stays (an import's earlier batches).
  if (isDiskFull(error)) return "the disk holding the database is full: the write under way was not stored; free space on it and run the command again";
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return `unexpected failure: ${String(error)}`;
}
