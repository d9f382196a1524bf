/**
 * @module
 * Whether a command can read the file it was given (`restore --from`): refused in plain words before any work, rather
 * than as an "unexpected failure" quoting Node's error half-way.
 */
import { closeSync, openSync, statSync } from "node:fs";
import { CliError } from "./cli-output.js";

/** Node's codes for a file that exists but cannot be read, and what each means to the user. */
const READ_FAILURES: Record<string, string> = {
  EACCES: "it is not readable by this user",
  EPERM: "it is not readable by this user",
  EIO: "the disk failed to read it",
};

/**
 * Opens `path` for reading and closes it again; a CliError naming `what` and `path` when it is a folder, a device, a
 * pipe or a socket (not opened: opening a named pipe waits for a writer, for ever), or when the system refuses (no
 * permission, a disk error). A missing file passes: the command says that in its own words.
 *
 * @example
 * checkReadable("/srv/backups/rapport.db", "the backup"); // CliError: cannot read the backup ...: it is not readable by this user (EACCES)
 */
export function checkReadable(path: string, what: string): void {
  checkRegularFile(path, what);
  try {
    closeSync(openSync(path, "r"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const failure = READ_FAILURES[code];
    if (failure !== undefined) throw new CliError(`cannot read ${what} ${path}: ${failure} (${code})`);
  }
}

/** A CliError when `path` is there but not a regular file, or its links loop; a missing path passes. */
function checkRegularFile(path: string, what: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    // A loop of links was an unexpected ELOOP from the command's own stat.
    if ((error as NodeJS.ErrnoException).code === "ELOOP") throw new CliError(`cannot read ${what} ${path}: its symbolic links loop (ELOOP)`);
    return;
  }
  if (stats.isDirectory()) throw new CliError(`cannot read ${what} ${path}: it is a folder; name a file`);
  if (!stats.isFile()) throw new CliError(`cannot read ${what} ${path}: it is not a regular file (a device, a pipe or a socket); name a file`);
}
