/**
 * @module
 * Where `rapport persons export` writes a personal data export: standard output, or a file written whole or not
 * at all (a temporary file beside it, renamed into place), readable by its owner only: it is one person's data.
 */
import { once } from "node:events";
import { existsSync, realpathSync, statSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import type { PagedPersonalDataExport } from "@rapport/store";
import { personalDataPieces } from "../persons/personal-data-json.js";
import { CliError, jsonForTerminal } from "./cli-output.js";
import { outputFileFailure, refuseSpecialFile, refuseSymbolicLink } from "./output-file-failure.js";
import { placeOutputFile } from "./place-output-file.js";
import { interruptedExitCode } from "./stopping-signals.js";

/** The export's JSON and a final newline, in pieces, its emails read a page at a time as the pieces are taken. */
async function* exportLines(exported: PagedPersonalDataExport): AsyncGenerator<string> {
  yield* personalDataPieces(exported);
  yield "\n";
}

/**
 * Writes the export's JSON to `output` (standard output), in pieces, waiting whenever the reader is behind; its
 * control characters escaped for a terminal (`jsonForTerminal`).
 */
export async function writeJsonTo(output: NodeJS.WritableStream, exported: PagedPersonalDataExport): Promise<number> {
  let bytes = 0;
  for await (const exact of exportLines(exported)) {
    const piece = jsonForTerminal(exact);
    bytes += Buffer.byteLength(piece);
    if (!output.write(piece)) await once(output, "drain");
  }
  return bytes;
}

/** The files SQLite keeps beside a database: replacing one of them would lose or corrupt the database. */
const DATABASE_FILE_SUFFIXES = ["", "-wal", "-shm", "-journal"];

/** `path` with its folder's symbolic links and `..` resolved, as a rename into it would reach it. */
function canonicalPath(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/** True when `target` names the database at `database`, or a file SQLite keeps beside it, through whatever folder path. */
export function isDatabaseFile(target: string, database: string): boolean {
  if (database === ":memory:") return false;
  const wanted = canonicalPath(target);
  const base = canonicalPath(resolve(database));
  return DATABASE_FILE_SUFFIXES.some((suffix) => wanted === `${base}${suffix}`);
}

/**
 * Writes the export's JSON to the file `path` (mode 0600); a CliError when it is the database (`database`) or one of
 * its files, a folder or a device, when it exists and `force` is not given, or when its folder does not exist or the
 * file cannot be written there (nothing is left behind). Resolves to the file's absolute path and size. Aborted by
 * `signal` (Ctrl-C), it stops at its next piece and removes the partial file, one person's data (a CliError, exit 130,
 * or the stopping signal's code: `interruptedExitCode`). A symbolic link is refused, `force` or not; a file created at
 * the name while the export was written is kept unless `force` (`placeOutputFile`).
 */
export async function writeJsonFile(
  path: string,
  exported: PagedPersonalDataExport,
  force: boolean,
  database: string,
  signal?: AbortSignal,
): Promise<{ path: string; bytes: number }> {
  const target = resolve(path);
  if (isDatabaseFile(target, database)) throw new CliError(`${target} is the database itself (or one of its files); name another file`);
  if (existsSync(target) && statSync(target).isDirectory()) throw new CliError(`${target} is a folder; name a file`);
  refuseSpecialFile(target);
  refuseSymbolicLink(target);
  if (!force && existsSync(target)) throw new CliError(`${target} exists: pass --force to replace it`);
  if (!existsSync(dirname(target))) throw new CliError(`cannot write ${target}: folder ${dirname(target)} does not exist`);
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.partial`);
  const file = await open(temporary, "wx", 0o600).catch((error: unknown) => {
    throw outputFileFailure(error, target) ?? error;
  });
  try {
    let bytes = 0;
    for await (const piece of exportLines(exported)) {
      signal?.throwIfAborted();
      const buffer = Buffer.from(piece);
      bytes += buffer.byteLength;
      await file.write(buffer);
    }
    await file.sync();
    await file.close();
    signal?.throwIfAborted();
    await placeOutputFile(temporary, target, force);
    return { path: target, bytes };
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if (signal?.aborted) throw new CliError(`interrupted: ${target} not written (the partial file was removed)`, interruptedExitCode(signal));
    throw outputFileFailure(error, target) ?? error;
  }
}
