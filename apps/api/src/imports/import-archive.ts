/**
 * @module
 * One import from input to summary: opens the reader for the kind and runs it. The command line
 * and the HTTP jobs both come through here.
 */
import type { Store, User } from "@rapport/store";
import type { ImportRequest } from "./import-request.js";
import type { ImportSummary } from "./import-summary.js";
import { openImportSource, type ImportInput } from "./open-import-source.js";
import { runImport, type RunImportOptions } from "./run-import.js";

export interface ImportArchiveOptions {
  store: Store;
  tenantUuid: string;
  input: ImportInput;
  request: ImportRequest;
  owner?: User | null;
  signal?: AbortSignal;
  onProgress?: RunImportOptions["onProgress"];
  batchSize?: number;
  createTarget?: RunImportOptions["createTarget"];
  now?: () => number;
  mayChangeMeeting?: RunImportOptions["mayChangeMeeting"];
  mayAddEmailBody?: RunImportOptions["mayAddEmailBody"];
  yieldControl?: RunImportOptions["yieldControl"];
  endInLastBatch?: RunImportOptions["endInLastBatch"];
  recordInBatch?: RunImportOptions["recordInBatch"];
}

/**
 * Imports one archive into a tenant.
 *
 * @example
 * const summary = await importArchive({ store, tenantUuid, input: { path: "inbox.mbox" }, request });
 */
export async function importArchive(options: ImportArchiveOptions): Promise<ImportSummary> {
  const { request } = options;
  const source = await openImportSource(options.input, request);
  try {
    return await runImport({
      store: options.store,
      tenantUuid: options.tenantUuid,
      kind: request.kind,
      source,
      dryRun: request.dryRun,
      keepBodies: request.keepBodies,
      owner: options.owner ?? null,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      ...(options.createTarget ? { createTarget: options.createTarget } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.mayChangeMeeting ? { mayChangeMeeting: options.mayChangeMeeting } : {}),
      ...(options.mayAddEmailBody ? { mayAddEmailBody: options.mayAddEmailBody } : {}),
      ...(options.yieldControl ? { yieldControl: options.yieldControl } : {}),
      ...(options.endInLastBatch ? { endInLastBatch: options.endInLastBatch } : {}),
      ...(options.recordInBatch ? { recordInBatch: options.recordInBatch } : {}),
    });
  } finally {
    // A stopped import leaves its read under way (untilAborted), and a refused one may never have read at all.
    await source.close();
  }
}
