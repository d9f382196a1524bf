/**
 * @module
 * Opens the reader for an import kind on a file, a folder or a stream (stdin, an upload), and checks
 * at once that the input is of the announced kind.
 */
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { checkColumnMap, parseColumnMap } from "./column-mapping.js";
import { readCsv } from "./csv-source.js";
import { readEmlFiles } from "./eml-source.js";
import { readIcs } from "./ics-source.js";
import { ImportRequestError, type ImportRequest } from "./import-request.js";
import { ImportFormatError, type ImportSource } from "./imported-items.js";
import { readMbox } from "./mbox-source.js";
import { readFilesAsUtf8 } from "./read-files-as-utf8.js";
import { readVcf } from "./vcf-source.js";

export type ImportInput = { path: string } | { stream: Readable; name: string };

/** Every file under `folder` whose name ends with `extension`, sorted. */
async function filesWith(folder: string, extension: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true });
  return names
    .filter((name) => name.toLowerCase().endsWith(extension))
    .map((name) => join(folder, name))
    .sort();
}

/** The files one after the other as one stream, a line break between them. */
function concatenated(files: readonly string[]): Readable {
  async function* chunks() {
    for (const file of files) {
      for await (const chunk of createReadStream(file)) yield chunk as Buffer;
      yield Buffer.from("\r\n");
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function statOf(path: string) {
  try {
    return await stat(path);
  } catch {
    throw new ImportFormatError(`cannot read ${path}: no such file or folder`);
  }
}

/** The files with `extension` in a folder (none is an error), and their total size. */
async function folderFiles(path: string, extension: string): Promise<{ files: string[]; size: number }> {
  const files = await filesWith(path, extension);
  if (files.length === 0) throw new ImportFormatError(`${path} holds no ${extension} files`);
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return { files, size: sizes.reduce((sum, size) => sum + size, 0) };
}

/** A file or a folder of files with `extension`, as one stream with its total size. */
async function fileOrFolder(path: string, extension: string): Promise<{ stream: Readable; size: number }> {
  const info = await statOf(path);
  if (!info.isDirectory()) return { stream: createReadStream(path), size: info.size };
  const { files, size } = await folderFiles(path, extension);
  return { stream: concatenated(files), size };
}

/** A folder of vCard files, each read in its own encoding; progress counts the files' bytes. */
async function readVcfFolder(path: string): Promise<ImportSource> {
  const { files, size } = await folderFiles(path, ".vcf");
  const counter = { bytes: 0 };
  const source = readVcf(readFilesAsUtf8(files, counter), size, { name: path });
  return { ...source, bytesRead: () => counter.bytes };
}

function csvMap(request: ImportRequest): Map<string, string> {
  try {
    const map = parseColumnMap(request.map);
    if (request.entity) checkColumnMap(map, request.entity);
    return map;
  } catch (error) {
    throw new ImportRequestError((error as Error).message);
  }
}

/**
 * The reader for `request.kind` over `input`.
 *
 * @example
 * const source = await openImportSource({ path: "./calendar.ics" }, { kind: "ics", dryRun: true, keepBodies: false, since, until, entity: null, map: [] });
 */
export async function openImportSource(input: ImportInput, request: ImportRequest): Promise<ImportSource> {
  if (request.since > request.until) throw new ImportRequestError("since must not be after until");
  const map = request.kind === "csv" ? csvMap(request) : new Map<string, string>();
  const named = "path" in input ? input.path : input.name;
  let stream: Readable;
  let size: number | null = null;
  if ("path" in input) {
    if (request.kind === "mbox") {
      const info = await statOf(input.path);
      if (info.isDirectory() || input.path.toLowerCase().endsWith(".eml")) return readEmlFiles(input.path, { keepBodies: request.keepBodies });
    }
    if (request.kind === "vcf" && (await statOf(input.path)).isDirectory()) return readVcfFolder(input.path);
    if (request.kind === "csv" && (await statOf(input.path)).isDirectory()) {
      throw new ImportFormatError(`${input.path} is a folder: give one CSV file (each file has its own header)`);
    }
    const extension = { mbox: ".mbox", ics: ".ics", vcf: ".vcf", csv: ".csv" }[request.kind];
    ({ stream, size } = await fileOrFolder(input.path, extension));
  } else {
    stream = input.stream;
  }
  switch (request.kind) {
    case "mbox":
      return readMbox(stream, size, { keepBodies: request.keepBodies, name: named });
    case "ics":
      return readIcs(stream, size, { since: request.since, until: request.until, name: named });
    case "vcf":
      return readVcf(stream, size, { name: named });
    case "csv":
      return readCsv(stream, size, { name: named, entity: request.entity, map });
  }
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
  }
}
