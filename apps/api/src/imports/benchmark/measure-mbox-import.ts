/**
 * @module
 * Imports an mbox into a fresh tenant and reports the peak resident memory along the way, sampled
 * through the whole run, so the benchmark can show that memory stays flat as the archive grows.
 */
import { createSqliteStore } from "@rapport/store";
import { importArchive } from "../import-archive.js";
import { defaultWindow } from "../import-request.js";
import type { ImportSummary } from "../import-summary.js";

export interface MboxImportMeasurement {
  messages_read: number;
  emails_new: number;
  duration_ms: number;
  messages_per_second: number;
  /** Resident set size before the import started. */
  baseline_rss_bytes: number;
  /** Highest resident set size sampled during the import. */
  peak_rss_bytes: number;
  /** Resident set size as the import went: a flat series is the point. */
  rss_by_progress: Array<{ messages_read: number; rss_bytes: number }>;
  summary: ImportSummary;
}

export interface MeasureOptions {
  databasePath: string;
  mboxPath: string;
  /** The mailbox owner's address (a user of the fresh tenant); default owner@acme.example. */
  owner?: string;
  batchSize?: number;
  /** How often memory is sampled, in ms (default 50). */
  sampleEveryMs?: number;
}

/**
 * Runs the import and measures it.
 *
 * @example
 * const result = await measureMboxImport({ databasePath: "/tmp/bench.db", mboxPath: "/tmp/bench.mbox" });
 * console.log(result.peak_rss_bytes / 1_048_576, "MiB");
 */
export async function measureMboxImport(options: MeasureOptions): Promise<MboxImportMeasurement> {
  const { databasePath, mboxPath, owner = "owner@acme.example", batchSize, sampleEveryMs = 50 } = options;
  const store = await createSqliteStore({ path: databasePath });
  try {
    const tenant = await store.tenants.create({ name: "Benchmark", tier: "enterprise" });
    const user = await store.users.create({ tenant_uuid: tenant.uuid, name: "Owner", email: owner, role: "administrator" });
    global.gc?.();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const timer = setInterval(sample, sampleEveryMs);
    const series: MboxImportMeasurement["rss_by_progress"] = [];
    let nextMark = 0;
    const started = performance.now();
    try {
      const summary = await importArchive({
        store,
        tenantUuid: tenant.uuid,
        input: { path: mboxPath },
        request: { kind: "mbox", dryRun: false, keepBodies: false, ...defaultWindow(Date.now()), entity: null, map: [] },
        owner: user,
        ...(batchSize ? { batchSize } : {}),
        onProgress: (progress) => {
          sample();
          if (progress.items.read >= nextMark) {
            series.push({ messages_read: progress.items.read, rss_bytes: process.memoryUsage.rss() });
            nextMark = progress.items.read + 10_000;
          }
        },
      });
      sample();
      const duration = performance.now() - started;
      return {
        messages_read: summary.items.read,
        emails_new: summary.emails.new,
        duration_ms: Math.round(duration),
        messages_per_second: Math.round((summary.items.read * 1_000) / duration),
        baseline_rss_bytes: baseline,
        peak_rss_bytes: peak,
        rss_by_progress: series,
        summary,
      };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await store.close();
  }
}
