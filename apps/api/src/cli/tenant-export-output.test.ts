/**
 * `writeTenantExport` against a disk that misbehaves (its `openFile`): a write that takes fewer bytes than
 * given, a disk that fills up, a file that cannot be created mid-way; and records holding Unicode line breaks.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open } from "node:fs/promises";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { TENANT_EXPORT_KINDS, type TenantExport, type TenantExportKind, type TenantExportLine } from "@rapport/store";
import { writeTenantExport, type OpenFile } from "./tenant-export-output.js";

/** How the test's disk behaves: the most bytes one write takes, the bytes left, and a file name it refuses to create. */
const disk = { bytesPerWrite: Infinity, spaceLeft: Infinity, refusedName: "" };

const systemError = (code: string, syscall: string, path?: string) =>
  Object.assign(new Error(`${code}: ${syscall}${path ? ` '${path}'` : ""}`), { code, syscall, ...(path ? { path } : {}) });

/** `open`, its handles' writes as `disk` says: fewer bytes than given, then ENOSPC (no path, as write(2)'s). */
const openFile: OpenFile = async (path, flags, mode) => {
  if (disk.refusedName !== "" && path.endsWith(disk.refusedName)) throw systemError("EACCES", "open", path);
  const handle = await open(path, flags, mode);
  const write = async (buffer: Buffer, offset = 0) => {
    const length = Math.min(buffer.byteLength - offset, disk.bytesPerWrite, disk.spaceLeft);
    if (length === 0) throw systemError("ENOSPC", "write");
    disk.spaceLeft -= length;
    return handle.write(buffer, offset, length);
  };
  return new Proxy(handle, { get: (target, property) => (property === "write" ? write : Reflect.get(target, property)?.bind?.(target) ?? Reflect.get(target, property)) });
};

const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-export-output-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => Object.assign(disk, { bytesPerWrite: Infinity, spaceLeft: Infinity, refusedName: "" }));

const FILE_UUID = "00000000-0000-4000-8000-0000000000f1";
const content = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
const records: Partial<Record<TenantExportKind, Array<Record<string, unknown>>>> = {
  persons: [{ uuid: "p-1", name: "x".repeat(300_000) }, { uuid: "p-2", name: "Zoë \"Z\" 😀" }],
  notes: [{ uuid: "n-1", content: "one\u2028two\u2029three\u0085four\nfive\r\"six\"" }],
  files: [{ uuid: FILE_UUID, filename: "deck.bin" }],
};

function fakeExport(): TenantExport {
  const lines = (kind: TenantExportKind): TenantExportLine[] =>
    (records[kind] ?? []).map((record) => ({ json: JSON.stringify(record), content: kind === "files" ? content : null }));
  return {
    tenant: { uuid: "t-1", name: "Acme", tier: "standard", per_second_limit: null, monthly_limit: null, created_at: 0, deleted_at: null },
    counts: Object.fromEntries(TENANT_EXPORT_KINDS.map((kind) => [kind, lines(kind).length])) as Record<TenantExportKind, number>,
    lines: (kind) => lines(kind).values(),
    close: () => undefined,
  };
}

/** Lines as a reader that breaks lines at every Unicode line break (Python's `splitlines`) reads them. */
const splitLines = (text: string) => text.split(/\r\n|[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/).filter((line) => line !== "");

describe("writeTenantExport", () => {
  it("writes every byte when the disk takes fewer than it is given, each record one line for every reader", async () => {
    disk.bytesPerWrite = 4_096;
    const out = join(folder, "complete");
    await writeTenantExport(fakeExport(), { path: out, form: "folder" }, { manifest: { format: "test" }, openFile });
    for (const kind of ["persons", "notes"] as const) {
      expect(splitLines(readFileSync(join(out, `${kind}.jsonl`), "utf8")).map((line) => JSON.parse(line))).toEqual(records[kind]);
    }
    expect(readFileSync(join(out, "files", FILE_UUID)).equals(content)).toBe(true);

    const file = join(folder, "complete.jsonl");
    await writeTenantExport(fakeExport(), { path: file, form: "file" }, { manifest: { format: "test" }, openFile });
    const lines = splitLines(readFileSync(file, "utf8")).map((line) => JSON.parse(line) as { kind: string; record: Record<string, unknown> });
    expect(lines.map((line) => line.kind)).toEqual(["manifest", "persons", "persons", "notes", "files"]);
    expect(lines[3]!.record).toEqual(records.notes![0]);
    expect(Buffer.from(lines[4]!.record.content_base64 as string, "base64").equals(content)).toBe(true);
  });

  it("writes into an existing empty folder, which keeps its mode (a mounted disk, a folder shared with the customer)", async () => {
    const out = join(folder, "shared");
    mkdirSync(out, { mode: 0o750 });
    chmodSync(out, 0o750);
    await writeTenantExport(fakeExport(), { path: out, form: "folder" }, { manifest: { format: "test" }, openFile });
    expect(statSync(out).mode & 0o777).toBe(0o750);
    expect(readdirSync(out).sort()).toEqual([...TENANT_EXPORT_KINDS.map((kind) => `${kind}.jsonl`), "files", "manifest.json"].sort());
  });

  it("stops with a clear error and leaves nothing when the disk fills up or a file cannot be created mid-way", async () => {
    disk.spaceLeft = 200_000;
    const full = join(folder, "full");
    await expect(writeTenantExport(fakeExport(), { path: full, form: "folder" }, { manifest: {}, openFile })).rejects.toThrow(`cannot write ${full}: the disk is full (ENOSPC)`);
    disk.spaceLeft = Infinity;
    disk.refusedName = FILE_UUID;
    const refused = join(folder, "refused");
    await expect(writeTenantExport(fakeExport(), { path: refused, form: "folder" }, { manifest: {}, openFile })).rejects.toThrow(
      `cannot write ${refused}: the folder ${folder} is not writable by this user (EACCES)`,
    );
    expect(readdirSync(folder).filter((name) => !name.startsWith("complete") && name !== "shared")).toEqual([]);
  });
});
