/**
 * @module
 * Where `rapport tenants export` writes a tenant's export: a folder (`manifest.json`, a `<kind>.jsonl` per kind,
 * `files/<uuid>` for the files' contents) or one `.jsonl` file (the manifest's line first, then every record as
 * `{"kind", "record"}`, a file's content in base64). Written whole or not at all: into a temporary name beside the
 * target (inside an existing empty folder), renamed into place at the end (a new folder's files moved into it, made
 * then); readable by its owner only, since it is
 * all the tenant's data. Each record
 * is one line for every reader: the Unicode line breaks JSON leaves raw (U+0085, U+2028, U+2029, which Python's
 * `splitlines` and editors break lines at) are written as `\uNNNN` escapes.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, rmdir, type FileHandle } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { TENANT_EXPORT_KINDS, type TenantExport, type TenantExportKind } from "@rapport/store";
import { CliError } from "./cli-output.js";
import { outputFileFailure, refuseSpecialFile, refuseSymbolicLink } from "./output-file-failure.js";
import { placeOutputFile } from "./place-output-file.js";
import { interruptedExitCode } from "./stopping-signals.js";
import { isDatabaseFile } from "./personal-data-output.js";
import type { TenantRecordsProgress } from "./tenant-records-progress.js";

/** Where the export goes: a folder, or one file (a path ending in `.jsonl`, in any case). */
export interface TenantExportTarget {
  path: string;
  form: "folder" | "file";
  /** A file: replace one at the path (`--force`). Otherwise a file found there at the end is kept and the export fails. */
  replace?: boolean;
}

/** A path naming one `.jsonl` file, whatever its extension's case (`ACME.JSONL` from a Windows habit). */
const JSONL_FILE = /\.jsonl$/i;

/** The line breaks, besides CR and LF, that JSON text may hold raw (only inside a string, where the escape is equivalent). */
const UNICODE_LINE_BREAKS = /[\u0085\u2028\u2029]/g;

/** `json` with its Unicode line breaks escaped: one line to a reader that splits at any of them. */
function oneLine(json: string): string {
  return json.replace(UNICODE_LINE_BREAKS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Bytes gathered before a write: a few hundred lines at a time, not a system call each. */
const WRITE_CHUNK_BYTES = 256 * 1024;

/**
 * The absolute target of `--out`, once it is known to be writable as asked: a `.jsonl` path is one file (replaced
 * only with `force`, never the database, a folder or a symbolic link); any other path is a folder, new or empty (a
 * link to such a folder is written through).
 */
export function checkedExportTarget(out: string, force: boolean, database: string): TenantExportTarget {
  const path = resolve(out);
  refuseSpecialFile(path);
  if (!existsSync(dirname(path))) throw new CliError(`cannot write ${path}: folder ${dirname(path)} does not exist`);
  if (!statSync(dirname(path)).isDirectory()) throw new CliError(`cannot write ${path}: ${dirname(path)} is a file, not a folder`);
  if (JSONL_FILE.test(out)) {
    refuseSymbolicLink(path);
    if (isDatabaseFile(path, database)) throw new CliError(`${path} is the database itself (or one of its files); name another file`);
    if (existsSync(path) && statSync(path).isDirectory()) throw new CliError(`${path} is a folder: name a new or empty folder without .jsonl, or a file`);
    if (!force && existsSync(path)) throw new CliError(`${path} exists: pass --force to replace it`);
    return { path, form: "file", replace: force };
  }
  if (force) throw new CliError("--force applies only to a .jsonl file: an export's folder must be new or empty");
  if (!existsSync(path)) refuseSymbolicLink(path);
  else {
    if (!statSync(path).isDirectory()) throw new CliError(`${path} exists and is not a folder: name a new or empty folder, or a file ending in .jsonl`);
    if (readdirSync(path).length > 0) throw new CliError(`${path} is not empty: name a new or empty folder`);
  }
  return { path, form: "folder" };
}

/** A file written in chunks, its bytes counted. */
class ChunkedFile {
  private chunks: Buffer[] = [];
  private pending = 0;
  bytes = 0;

  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string, openFile: OpenFile): Promise<ChunkedFile> {
    return new ChunkedFile(await openFile(path, "wx", 0o600));
  }

  async write(text: string | Buffer): Promise<void> {
    const buffer = typeof text === "string" ? Buffer.from(text) : text;
    this.chunks.push(buffer);
    this.pending += buffer.byteLength;
    this.bytes += buffer.byteLength;
    if (this.pending >= WRITE_CHUNK_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending === 0) return;
    const chunk = Buffer.concat(this.chunks);
    this.chunks = [];
    this.pending = 0;
    // A write may take fewer bytes than given (a disk filling up): the rest is written again, or the next write fails.
    for (let offset = 0; offset < chunk.byteLength; ) offset += (await this.handle.write(chunk, offset)).bytesWritten;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.sync();
    await this.handle.close();
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/** What the writer is told of the export besides its lines. */
export interface TenantExportWriting {
  /** The manifest: written last in a folder, first in a file. */
  manifest: Record<string, unknown>;
  onProgress?: (progress: TenantRecordsProgress) => void;
  /** Aborted (Ctrl-C), the writing stops at its next record and removes what it wrote. */
  signal?: AbortSignal;
  /** How a file is opened: `open` of `node:fs/promises`, or a test's disk that misbehaves. */
  openFile?: OpenFile;
}

/** Opens a file of the export (flags "wx", mode 0600). */
export type OpenFile = (path: string, flags: string, mode: number) => Promise<FileHandle>;

/**
 * Writes `exported` to `target`; resolves to the bytes written (contents included). On any failure, or when
 * `signal` aborts, nothing is left: the temporary folder or file is removed (and, in an existing folder, what was
 * moved into it).
 */
export async function writeTenantExport(exported: TenantExport, target: TenantExportTarget, writing: TenantExportWriting): Promise<number> {
  // An existing (empty) folder may be a mounted disk, or one shared with the customer: the export is written inside
  // it and moved up at the end, where renaming a folder over it would fail (a mount) or replace its owner and mode.
  const inPlace = target.form === "folder" && existsSync(target.path);
  const temporary = inPlace ? join(target.path, `.${randomUUID()}.partial`) : join(dirname(target.path), `.${basename(target.path)}.${randomUUID()}.partial`);
  const total = TENANT_EXPORT_KINDS.reduce((sum, kind) => sum + exported.counts[kind], 0);
  let done = 0;
  const tick = (kind: TenantExportKind) => {
    writing.signal?.throwIfAborted();
    done += 1;
    writing.onProgress?.({ kind, done, total });
  };
  const moved: string[] = [];
  let made = false;
  const openFile = writing.openFile ?? open;
  try {
    const bytes = target.form === "folder" ? await writeFolder(exported, temporary, writing.manifest, tick, openFile) : await writeFile(exported, temporary, writing.manifest, tick, openFile);
    writing.signal?.throwIfAborted();
    if (target.form === "file") {
      await placeOutputFile(temporary, target.path, target.replace ?? false);
      return bytes;
    }
    if (!inPlace) {
      // The name is claimed by making the folder, which fails when anything took it meanwhile (a file, or a folder: a
      // rename over an empty one would replace it); the export is then moved in as into an existing folder.
      await mkdir(target.path, { mode: 0o700 }).catch((error: unknown) => {
        throw (error as NodeJS.ErrnoException).code === "EEXIST" ? takenMeanwhile(target.path) : error;
      });
      made = true;
    }
    // Written into meanwhile: nothing of it is replaced.
    if ((await readdir(target.path)).some((name) => join(target.path, name) !== temporary)) throw takenMeanwhile(target.path);
    // The manifest last: a reader finding it finds the rest.
    const names = (await readdir(temporary)).sort((left, right) => Number(left === "manifest.json") - Number(right === "manifest.json"));
    for (const name of names) {
      await rename(join(temporary, name), join(target.path, name));
      moved.push(join(target.path, name));
    }
    await rmdir(temporary);
    return bytes;
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    for (const path of moved) await rm(path, { recursive: true, force: true });
    // The folder it made, unless another process wrote into it meanwhile.
    if (made) await rmdir(target.path).catch(() => undefined);
    if (writing.signal?.aborted) throw new CliError(`interrupted: ${target.path} not written (the partial export was removed)`, interruptedExitCode(writing.signal));
    // A file of the export that cannot be created or written fails as the target would: the user named that.
    const named = inPlace ? join(target.path, "manifest.json") : target.path;
    const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
    const failure = typeof path === "string" && path.startsWith(temporary) ? { code, path: named } : error;
    throw outputFileFailure(failure, named) ?? error;
  }
}

/** The failure of an export whose folder something else was put in, or at whose name it was, while it was written. */
const takenMeanwhile = (path: string) => new CliError(`${path} was created or written into while the export was written: it is kept; name a new or empty folder`);

async function writeFolder(exported: TenantExport, folder: string, manifest: Record<string, unknown>, tick: (kind: TenantExportKind) => void, openFile: OpenFile): Promise<number> {
  await mkdir(folder, { mode: 0o700 });
  let bytes = 0;
  let filesFolder = false;
  for (const kind of TENANT_EXPORT_KINDS) {
    const file = await ChunkedFile.create(join(folder, `${kind}.jsonl`), openFile);
    try {
      for (const { json, content } of exported.lines(kind)) {
        tick(kind);
        if (content === null) {
          await file.write(`${oneLine(json)}\n`);
          continue;
        }
        // A file's bytes beside the lines, named by its uuid: the line says where.
        const record = JSON.parse(json) as { uuid: string };
        if (!filesFolder) await mkdir(join(folder, "files"), { mode: 0o700 });
        filesFolder = true;
        const contentFile = await ChunkedFile.create(join(folder, "files", record.uuid), openFile);
        await contentFile.write(content);
        await contentFile.close();
        bytes += contentFile.bytes;
        await file.write(`${oneLine(JSON.stringify({ ...record, content_file: `files/${record.uuid}` }))}\n`);
      }
      await file.close();
    } catch (error) {
      await file.abandon();
      throw error;
    }
    bytes += file.bytes;
  }
  const manifestFile = await ChunkedFile.create(join(folder, "manifest.json"), openFile);
  await manifestFile.write(`${oneLine(JSON.stringify(manifest, null, 2))}\n`);
  await manifestFile.close();
  return bytes + manifestFile.bytes;
}

async function writeFile(exported: TenantExport, path: string, manifest: Record<string, unknown>, tick: (kind: TenantExportKind) => void, openFile: OpenFile): Promise<number> {
  const file = await ChunkedFile.create(path, openFile);
  try {
    await file.write(`{"kind":"manifest","record":${oneLine(JSON.stringify(manifest))}}\n`);
    for (const kind of TENANT_EXPORT_KINDS) {
      for (const { json, content } of exported.lines(kind)) {
        tick(kind);
        const record = content === null ? json : JSON.stringify({ ...(JSON.parse(json) as object), content_base64: content.toString("base64") });
        await file.write(`{"kind":"${kind}","record":${oneLine(record)}}\n`);
      }
    }
    await file.close();
  } catch (error) {
    await file.abandon();
    throw error;
  }
  return file.bytes;
}
