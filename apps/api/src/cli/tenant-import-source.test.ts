import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TENANT_EXPORT_FORMAT_VERSION } from "@rapport/store";
import { afterAll, expect, it } from "vitest";
import { heldFilesUnder } from "../testing/held-files.js";
import { TENANT_EXPORT_FORMAT } from "./tenant-export-action.js";
import { openTenantImportSource } from "./tenant-import-source.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-import-source-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("lets an export's file go once its manifest is read, and when a record is refused part-way", async () => {
  const manifest = { format: TENANT_EXPORT_FORMAT, format_version: TENANT_EXPORT_FORMAT_VERSION, tenant: {}, kinds: [] };
  // Longer than a read's first chunk: a shorter file is read to its end, which closes it anyway.
  const filler = Array.from({ length: 2_000 }, (_unused, index) => JSON.stringify({ kind: "persons", record: { uuid: `filler-${index}`, name: "x".repeat(40) } }));
  const path = join(folder, "export.jsonl");
  writeFileSync(path, [JSON.stringify({ kind: "manifest", record: manifest }), "{not json", ...filler].join("\n"));
  const source = await openTenantImportSource(path);
  expect(heldFilesUnder(folder)).toEqual([]);
  await expect(async () => {
    for await (const _line of source.records());
  }).rejects.toThrow("export.jsonl line 2: not JSON");
  expect(heldFilesUnder(folder)).toEqual([]);
});

it("refuses a kind of record it does not know by its name, as a release before history_horizons refuses an export listing it", async () => {
  const kinds = [{ kind: "persons", count: 0 }, { kind: "erasure_receipts", count: 0 }];
  const path = join(folder, "newer.jsonl");
  writeFileSync(path, JSON.stringify({ kind: "manifest", record: { format: TENANT_EXPORT_FORMAT, format_version: TENANT_EXPORT_FORMAT_VERSION, tenant: {}, kinds } }));
  await expect(openTenantImportSource(path)).rejects.toThrow('newer.jsonl line 1: field "kinds[1].kind": not a kind of record this release knows ("erasure_receipts")');
});
