/**
 * @module
 * Reading a tenant export for `rapport tenants import`, as `rapport tenants export` writes it (tenant-export-output.ts):
 * a folder (`manifest.json`, `<kind>.jsonl`, `files/<uuid>`) or one `.jsonl` file (the manifest's line first). The
 * manifest is read and checked first (a Rapport tenant export, of a format version this release reads); the records
 * then come a line at a time, each with where it was read (`persons.jsonl line 12`) for an error to name.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { TENANT_EXPORT_FORMAT_VERSION, TENANT_EXPORT_KINDS, type ImportedTenant, type TenantExportKind } from "@rapport/store";
import { closeStream } from "../platform/streams/close-stream.js";
import { CliError } from "./cli-output.js";
import { TENANT_EXPORT_FORMAT } from "./tenant-export-action.js";

/** One record of the export, parsed, with a file's bytes and where it was read. */
export interface TenantImportLine {
  kind: TenantExportKind;
  record: Record<string, unknown>;
  content: Buffer | null;
  /** The file and line it was read from: `persons.jsonl line 12`. */
  where: string;
}

/** An export opened for its import: its manifest's tenant and counts, and its records in the order written. */
export interface TenantImportSource {
  path: string;
  tenant: ImportedTenant & { deleted_at: number | null };
  /** Each kind's number of records, as the manifest says. */
  counts: Record<TenantExportKind, number>;
  records(): AsyncGenerator<TenantImportLine>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function parsed(text: string, where: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${where}: not JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) throw new CliError(`${where}: expecting a JSON object`);
  return value;
}

/** The manifest's checks: a Rapport tenant export of this format version, each kind's count a whole number. */
function checkedManifest(manifest: Json, where: string): Pick<TenantImportSource, "tenant" | "counts"> {
  if (manifest.format !== TENANT_EXPORT_FORMAT) throw new CliError(`${where}: not a Rapport tenant export (its "format" is ${JSON.stringify(manifest.format) ?? "missing"})`);
  if (manifest.format_version !== TENANT_EXPORT_FORMAT_VERSION) {
    throw new CliError(
      `${where}: format version ${JSON.stringify(manifest.format_version)}, which this release does not read (it reads ${TENANT_EXPORT_FORMAT_VERSION}; ` +
        `the export was written by Rapport ${JSON.stringify(manifest.rapport_version)}): import it with a release that reads it`,
    );
  }
  if (!isObject(manifest.tenant)) throw new CliError(`${where}: field "tenant": expecting a JSON object`);
  const counts = Object.fromEntries(TENANT_EXPORT_KINDS.map((kind) => [kind, 0])) as Record<TenantExportKind, number>;
  if (!Array.isArray(manifest.kinds)) throw new CliError(`${where}: field "kinds": expecting an array`);
  for (const [index, entry] of manifest.kinds.entries()) {
    const kind = isObject(entry) ? entry.kind : undefined;
    if (!(TENANT_EXPORT_KINDS as readonly unknown[]).includes(kind)) throw new CliError(`${where}: field "kinds[${index}].kind": not a kind of record this release knows (${JSON.stringify(kind)})`);
    if (!Number.isSafeInteger((entry as Json).count) || ((entry as Json).count as number) < 0) throw new CliError(`${where}: field "kinds[${index}].count": expecting a whole number`);
    counts[kind as TenantExportKind] = (entry as Json).count as number;
  }
  return { tenant: manifest.tenant as unknown as TenantImportSource["tenant"], counts };
}

/** The non-blank lines of a file, one at a time, with their numbers. */
async function* linesOf(path: string): AsyncGenerator<{ text: string; number: number }> {
  const input = createReadStream(path);
  const reader = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of reader) {
      number += 1;
      if (text.trim() !== "") yield { text, number };
    }
  } finally {
    // Closing the reader leaves its input open: a file refused part-way held its descriptor until GC.
    reader.close();
    await closeStream(input);
  }
}

/** Opens the export at `from` (a folder, or a file ending in .jsonl) and checks its manifest. */
export async function openTenantImportSource(from: string): Promise<TenantImportSource> {
  const path = resolve(from);
  if (!existsSync(path)) throw new CliError(`${path} does not exist: name an export's folder, or its .jsonl file`);
  return statSync(path).isDirectory() ? openFolder(path) : openFile(path);
}

async function openFolder(folder: string): Promise<TenantImportSource> {
  const manifestPath = join(folder, "manifest.json");
  if (!existsSync(manifestPath)) throw new CliError(`${folder} holds no manifest.json: not a tenant export's folder (or one not written whole)`);
  const manifest = checkedManifest(parsed(await readFile(manifestPath, "utf8"), "manifest.json"), "manifest.json");
  return {
    path: folder,
    ...manifest,
    async *records() {
      for (const kind of TENANT_EXPORT_KINDS) {
        const name = `${kind}.jsonl`;
        if (!existsSync(join(folder, name))) {
          if (manifest.counts[kind] === 0) continue;
          throw new CliError(`${name} is missing: the manifest says it holds ${manifest.counts[kind]} records`);
        }
        for await (const { text, number } of linesOf(join(folder, name))) {
          const where = `${name} line ${number}`;
          const record = parsed(text, where);
          let content: Buffer | null = null;
          if (kind === "files") {
            // Only a file of the export's own files/ folder, named by the record's uuid.
            if (record.content_file !== `files/${String(record.uuid)}` || basename(String(record.uuid)) !== record.uuid) {
              throw new CliError(`${where}: field "content_file": expecting "files/<its uuid>", got ${JSON.stringify(record.content_file)}`);
            }
            const contentPath = join(folder, "files", String(record.uuid));
            if (!existsSync(contentPath)) throw new CliError(`${where}: its content ${record.content_file} is missing`);
            content = await readFile(contentPath);
          }
          yield { kind, record, content, where };
        }
      }
    },
  };
}

async function openFile(path: string): Promise<TenantImportSource> {
  const name = basename(path);
  const lines = linesOf(path);
  const first = await lines.next().finally(() => lines.return(undefined));
  const head = first.done ? null : parsed(first.value.text, `${name} line ${first.value.number}`);
  if (!head || head.kind !== "manifest" || !isObject(head.record)) throw new CliError(`${name} line 1: expecting the manifest's line, {"kind":"manifest","record":{...}}: not a tenant export`);
  const manifest = checkedManifest(head.record, `${name} line 1`);
  return {
    path,
    ...manifest,
    async *records() {
      let skipped = false;
      for await (const { text, number } of linesOf(path)) {
        if (!skipped) {
          skipped = true;
          continue;
        }
        const where = `${name} line ${number}`;
        const line = parsed(text, where);
        if (!(TENANT_EXPORT_KINDS as readonly unknown[]).includes(line.kind)) throw new CliError(`${where}: field "kind": not a kind of record this release knows (${JSON.stringify(line.kind)})`);
        if (!isObject(line.record)) throw new CliError(`${where}: field "record": expecting a JSON object`);
        const kind = line.kind as TenantExportKind;
        let content: Buffer | null = null;
        if (kind === "files") {
          const { content_base64: base64, ...record } = line.record;
          if (typeof base64 !== "string") throw new CliError(`${where}: field "record.content_base64": expecting the file's bytes in base64`);
          content = Buffer.from(base64, "base64");
          line.record = record;
        }
        yield { kind, record: line.record as Json, content, where: `${where} (${kind})` };
      }
    },
  };
}
