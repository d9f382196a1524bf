/**
 * @module
 * What a command that writes a file (`backup --to`, `persons export --out`, `tenants export --out`, `restore` into its
 * database's folder) says when the system refuses it: the folder or disk at fault in plain words, instead of an
 * "unexpected failure" quoting Node's error; and the names such a command refuses to write.
 */
import { lstatSync, readlinkSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { CliError } from "./cli-output.js";

/** Node's and SQLite's codes for a file that cannot be created or written, and what each means to the user. */
const WRITE_FAILURES: Record<string, (folder: string) => string> = {
  // A folder that exists but takes no new file (/proc) also answers ENOENT; a missing one is told apart below.
  ENOENT: (folder) => `no file can be created in the folder ${folder}`,
  ENOTDIR: () => "a part of its path is a file, not a folder",
  EACCES: (folder) => `the folder ${folder} is not writable by this user`,
  EPERM: (folder) => `the folder ${folder} is not writable by this user`,
  EROFS: (folder) => `the folder ${folder} is on a read-only file system`,
  ENOSPC: () => "the disk is full",
  EDQUOT: () => "the disk quota is used up",
  EIO: () => "the disk failed to write it",
  // SQLite's, from a copy it writes: the only file it writes is the target (the database is read).
  SQLITE_FULL: () => "the disk is full",
};

const WRITE_ERRORS_WITHOUT_PATH = new Set(["ENOSPC", "EDQUOT", "EIO"]);

/**
 * The entry of WRITE_FAILURES for `error`: a system error about a file in `folder` (not one about the database or
 * another file), or SQLite's disk full.
 */
function failureOf(error: unknown, folder: string): string | undefined {
  // A copy's error (copyfile) names the file written as its `dest`.
  const { code, path: source, dest } = (error ?? {}) as { code?: unknown; path?: unknown; dest?: unknown };
  const path = dest ?? source;
  if (typeof code !== "string") return undefined;
  if (code.startsWith("SQLITE_")) return code === "SQLITE_FULL" ? code : undefined;
  // A write's error names no file: only the target is written.
  if (typeof path === "string" ? dirname(resolve(path)) !== folder : !WRITE_ERRORS_WITHOUT_PATH.has(code)) return undefined;
  return code in WRITE_FAILURES ? code : undefined;
}

/**
 * A CliError saying, in the user's terms, why `target` (or a temporary file beside it) could not be written, when `error` is a refusal of the file
 * system (its folder missing or not writable, a read-only or full disk); undefined for any other error.
 *
 * @example
 * catch (error) { throw outputFileFailure(error, "/proc/copy.db") ?? error; }
 * // CliError: cannot write /proc/copy.db: no file can be created in the folder /proc (ENOENT)
 */
export function outputFileFailure(error: unknown, target: string): CliError | undefined {
  const folder = dirname(resolve(target));
  const failure = failureOf(error, folder);
  if (failure === undefined) return undefined;
  if (failure === "ENOENT" && !isFolder(folder)) return new CliError(`cannot write ${resolve(target)}: the folder ${folder} does not exist; create it first`);
  return new CliError(`cannot write ${resolve(target)}: ${WRITE_FAILURES[failure]!(folder)} (${failure})`);
}

/**
 * A CliError when `target` exists and is neither a regular file nor a folder (a device such as /dev/null, a named
 * pipe, a socket): the command writes a temporary file and renames it over the name, which would replace the device
 * itself, even `/dev/null`, with a regular file. A CliError too when its symbolic links loop.
 */
export function refuseSpecialFile(target: string): void {
  let stats;
  try {
    stats = statSync(target);
  } catch (error) {
    // A loop of links (the name's or a folder's on its path) was an unexpected ELOOP from the command's own stat.
    if ((error as NodeJS.ErrnoException).code === "ELOOP") throw new CliError(`cannot write ${resolve(target)}: its symbolic links loop (ELOOP)`);
    return;
  }
  if (!stats.isFile() && !stats.isDirectory()) {
    throw new CliError(`${target} is not a regular file (a device, a pipe or a socket): name a file, which is replaced whole when written`);
  }
}

/**
 * A CliError when `target` is a symbolic link, `--force` or not: the command renames its finished file over the name,
 * which would replace the link, not the file it points to. Not guessed either way: the user names the file itself.
 */
export function refuseSymbolicLink(target: string): void {
  let link: string;
  try {
    if (!lstatSync(target).isSymbolicLink()) return;
    link = readlinkSync(target);
  } catch {
    return;
  }
  throw new CliError(`${target} is a symbolic link (to ${link}): name the file itself; the link would be replaced, not the file it points to`);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
