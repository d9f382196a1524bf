/**
 * @module
 * Opens the reader for an import kind on a file, a folder or a stream (stdin, an upload), and checks
 * at once that the input is of the announced kind.
 */
import { open, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { closeStream } from "../platform/streams/close-stream.js";
import { checkColumnMap, columnMapHeaders, parseColumnMap } from "./column-mapping.js";
import { refuseCompressedArchive } from "./compressed-archive.js";
import { readCsv } from "./csv-source.js";
import { readEmlFiles } from "./eml-source.js";
import { readIcs } from "./ics-source.js";
import { checkOptionsApply, ImportRequestError, type ImportRequest } from "./import-request.js";
import { ImportFormatError, type ImportSource } from "./imported-items.js";
import { folderFileSizes } from "./folder-file-sizes.js";
import { listFolderFiles } from "./list-folder-files.js";
import { readMbox } from "./mbox-source.js";
import { readFilesAsUtf8 } from "./read-files-as-utf8.js";
import { readVcf } from "./vcf-source.js";

export type ImportInput = { path: string } | { stream: Readable; name: string };

/**
 * A source as openImportSource opened it: `close` lets go of what it opened (a file's descriptor), read to its end
 * or not. A source refused before it is read through (a wrong kind, an import stopped) held its file until GC.
 */
export interface OpenedImportSource extends ImportSource {
  close(): Promise<void>;
}

/** `source`, closed by destroying `stream`: the file's stream, or a folder's files joined. */
function closedBy(source: ImportSource, stream: Readable): OpenedImportSource {
  return { ...source, close: () => closeStream(stream) };
}

/** Nothing for openImportSource to close: a caller's stream is the caller's; `.eml` files are opened one read at a time. */
function closesNothing(source: ImportSource): OpenedImportSource {
  return { ...source, close: async () => undefined };
}

/** Why `stat` found nothing at a path, for the codes that are not "no such file". */
const STAT_FAILURES: Record<string, string> = {
  ELOOP: "its symbolic links loop",
  EACCES: "a folder on its path is not readable by this user",
  EPERM: "a folder on its path is not readable by this user",
  ENAMETOOLONG: "the path is too long",
  EIO: "the disk failed to read it",
};

async function statOf(path: string) {
  try {
    return await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const failure = STAT_FAILURES[code];
    // A loop of links was "no such file or folder", where `ls` shows the link.
    if (failure !== undefined) throw new ImportFormatError(`cannot read ${path}: ${failure} (${code})`);
    throw new ImportFormatError(`cannot read ${path}: no such file or folder`);
  }
}

/**
 * A stream of the file at `path`, opened now: a file the system will not let this user read (EACCES) is refused at
 * once, in words, rather than failing at its first read as an unexpected error.
 */
async function openFileStream(path: string): Promise<Readable> {
  try {
    return (await open(path, "r")).createReadStream();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") throw new ImportFormatError(`cannot read ${path}: it is not readable by this user (${code})`);
    throw error;
  }
}

/**
 * The first bytes of the regular file at `path` (at most 8: enough for an archive's signature); none when they cannot
 * be read, so that the import's own read meets the failure and reports it as it reports one met part-way.
 */
async function fileHead(path: string): Promise<Buffer> {
  try {
    const handle = await open(path, "r");
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return Buffer.alloc(0);
  }
}

/** The files with `extension` in a folder (none is an error), and their total size. */
async function folderFiles(path: string, extension: string): Promise<{ files: string[]; size: number }> {
  const files = await listFolderFiles(path, extension);
  if (files.length === 0) throw new ImportFormatError(`${path} holds no ${extension} files`);
  const sizes = await folderFileSizes(files);
  return { files, size: sizes.reduce((sum, size) => sum + size, 0) };
}

/**
 * A folder of `.vcf` or `.ics` files read as one by `read`, each file in its own encoding (`readFilesAsUtf8`);
 * progress counts the files' bytes, not the UTF-8 `read` is handed.
 */
async function readFolder(path: string, extension: ".vcf" | ".ics", read: StreamReader): Promise<OpenedImportSource> {
  const { files, size } = await folderFiles(path, extension);
  const counter = { bytes: 0 };
  const text = readFilesAsUtf8(files, counter);
  return closedBy({ ...read(text, size, path), bytesRead: () => counter.bytes }, text);
}

function csvMap(request: ImportRequest): { map: Map<string, string>; mapHeaders: Map<string, string> } {
  try {
    const map = parseColumnMap(request.map);
    if (request.entity) checkColumnMap(map, request.entity);
    return { map, mapHeaders: columnMapHeaders(request.map) };
  } catch (error) {
    throw new ImportRequestError((error as Error).message);
  }
}

/** Reads one stream of an import kind: a file, an upload, stdin or a folder's files joined. */
type StreamReader = (stream: Readable, size: number | null, name: string) => ImportSource;

function streamReader(request: ImportRequest): StreamReader {
  switch (request.kind) {
    case "mbox":
      return (stream, size, name) => readMbox(stream, size, { keepBodies: request.keepBodies, name });
    case "ics":
      return (stream, size, name) => readIcs(stream, size, { since: request.since, until: request.until, name });
    case "vcf":
      return (stream, size, name) => readVcf(stream, size, { name });
    case "csv": {
      const { map, mapHeaders } = csvMap(request);
      return (stream, size, name) => readCsv(stream, size, { name, entity: request.entity, map, mapHeaders });
    }
  }
}

/**
 * The reader for `request.kind` over `input`; its caller closes it once done with it, whatever the outcome.
 *
 * @example
 * const source = await openImportSource({ path: "./calendar.ics" }, { kind: "ics", dryRun: true, keepBodies: false, since, until, entity: null, map: [] });
 * try { ... } finally { await source.close(); }
 */
export async function openImportSource(input: ImportInput, request: ImportRequest): Promise<OpenedImportSource> {
  checkOptionsApply(request);
  if (request.since > request.until) throw new ImportRequestError("since must not be after until");
  const read = streamReader(request);
  if (!("path" in input)) return closesNothing(read(input.stream, null, input.name));
  const { path } = input;
  const info = await statOf(path);
  // A socket cannot be opened as a file (ENXIO); a named pipe or a device is read as a stream.
  if (info.isSocket()) throw new ImportFormatError(`cannot read ${path}: it is a socket; give a file, a folder, or - for standard input`);
  if (request.kind === "mbox" && (info.isDirectory() || path.toLowerCase().endsWith(".eml"))) return closesNothing(await readEmlFiles(path, { keepBodies: request.keepBodies }));
  if (!info.isDirectory()) {
    const stream = await openFileStream(path);
    // Only a regular file is read twice: a named pipe's first bytes would be taken from the import.
    if (info.isFile()) {
      try {
        refuseCompressedArchive(await fileHead(path), path, request.kind);
      } catch (error) {
        await closeStream(stream);
        throw error;
      }
    }
    return closedBy(read(stream, info.size, path), stream);
  }
  if (request.kind === "csv") throw new ImportFormatError(`${path} is a folder: give one CSV file (each file has its own header)`);
  return readFolder(path, request.kind === "vcf" ? ".vcf" : ".ics", read);
}

/**
 * Opens the input and reads its first entry, so that a file of another kind fails now, with one
 * clear line, rather than later in a background job.
 */
export async function checkImportInput(input: { path: string }, request: ImportRequest): Promise<void> {
  const source = await openImportSource(input, request);
  const iterator = source.entries[Symbol.asyncIterator]();
  try {
    await iterator.next();
  } finally {
    await iterator.return?.();
    await source.close();
  }
}
