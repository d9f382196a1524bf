/**
 * `writeTenantExport` against a disk that misbehaves (its `openFile`): a write that takes fewer bytes than
 * given, a disk that fills up, a file that cannot be created mid-way; and records holding Unicode line breaks.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open } from "node:fs/promises";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { TENANT_EXPORT_KINDS, type TenantExport, type TenantExportKind, type TenantExportLine } from "@rapport/store";
import { StoppedBySignal } from "./stopping-signals.js";
import { checkedExportTarget, writeTenantExport, type OpenFile } from "./tenant-export-output.js";

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

  it("keeps what took its name while it was written, replacing a file only with --force", async () => {
    const file = join(folder, "raced.jsonl");
    // Another process writes the name after the command checked it was free, before the export is complete.
    const race = (path: string, write: () => void) => ({ manifest: {}, openFile, onProgress: () => (statSync(path, { throwIfNoEntry: false }) ? undefined : write()) });
    await expect(writeTenantExport(fakeExport(), { path: file, form: "file" }, race(file, () => writeFileSync(file, "theirs")))).rejects.toThrow(
      `${file} was created while the output was written: it is kept; pass --force to replace it`,
    );
    expect(readFileSync(file, "utf8")).toBe("theirs");
    await writeTenantExport(fakeExport(), { path: file, form: "file", replace: true }, { manifest: {}, openFile });
    expect(readFileSync(file, "utf8")).toMatch(/^\{"kind":"manifest"/);

    const shared = join(folder, "written into");
    mkdirSync(shared);
    const theirs = join(shared, "persons.jsonl");
    await expect(writeTenantExport(fakeExport(), { path: shared, form: "folder" }, race(theirs, () => writeFileSync(theirs, "theirs")))).rejects.toThrow(
      `${shared} was created or written into while the export was written: it is kept; name a new or empty folder`,
    );
    expect(readdirSync(shared)).toEqual(["persons.jsonl"]);
    expect(readFileSync(theirs, "utf8")).toBe("theirs");

    // An empty folder made at a new folder's name is kept as well (a rename over it would replace it).
    const made = join(folder, "made meanwhile");
    await expect(writeTenantExport(fakeExport(), { path: made, form: "folder" }, race(made, () => mkdirSync(made, { mode: 0o750 })))).rejects.toThrow(
      `${made} was created or written into while the export was written: it is kept; name a new or empty folder`,
    );
    expect([readdirSync(made), statSync(made).mode & 0o777]).toEqual([[], 0o750]);
    expect(readdirSync(folder).filter((name) => name.includes(".partial"))).toEqual([]);
  });

  it("exits as the signal that stopped it would have the process: 143 for SIGTERM, 129 for SIGHUP", async () => {
    for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129]] as const) {
      const controller = new AbortController();
      controller.abort(new StoppedBySignal(signal));
      const out = join(folder, `stopped by ${signal}.jsonl`);
      await expect(writeTenantExport(fakeExport(), { path: out, form: "file" }, { manifest: {}, openFile, signal: controller.signal })).rejects.toMatchObject({ exitCode: code });
    }
    expect(readdirSync(folder).filter((name) => name.startsWith("stopped") || name.includes(".partial"))).toEqual([]);
  });
});

describe("checkedExportTarget", () => {
  it("takes a .jsonl path in any case for one file, and refuses a symbolic link to replace, --force or not", () => {
    const database = join(folder, "rapport.db");
    expect(checkedExportTarget(join(folder, "ACME.JSONL"), false, database)).toEqual({ path: join(folder, "ACME.JSONL"), form: "file", replace: false });
    const link = join(folder, "latest.jsonl");
    symlinkSync(join(folder, "elsewhere.jsonl"), link);
    expect(() => checkedExportTarget(link, true, database)).toThrow(`${link} is a symbolic link (to ${join(folder, "elsewhere.jsonl")}): name the file itself`);
  });
});
