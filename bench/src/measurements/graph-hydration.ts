/**
 * Measurement 1: a tenant's graph hydrated from SQLite on a cold start (a fresh store in a fresh
 * process, `store.graphs.forTenant`), against a raw better-sqlite3 scan of the same rows (emails ⋈
 * participants, meetings ⋈ attendees) in a process of its own. Runs alternate, scan first, so both
 * read a warm page cache. Also reports the hydrated graph's heap and the hydrating process's peak RSS.
 */
import { runChildMeasurement } from "../child-process.js";
import type { MeasurementResult } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { speedRatioOf } from "../measurement.js";
import { summarize } from "../statistics.js";

interface Hydration {
  ms: number;
  persons: number;
  edges: number;
  interactions: number;
  graphHeapBytes: number;
  maxRssBytes: number;
  longestDelayMs: number;
  p99DelayMs: number;
}

interface Scan {
  ms: number;
  rows: number;
  maxRssBytes: number;
}

const MiB = 2 ** 20;
const GiB = 2 ** 30;

export async function measureGraphHydration(databasePath: string, tenant: SyntheticTenant, runs: number): Promise<MeasurementResult> {
  const hydrations: Hydration[] = [];
  const scans: Scan[] = [];
  for (let run = 0; run < runs; run++) {
    scans.push(await runChildMeasurement<Scan>(["scan-rows", databasePath, tenant.tenantUuid]));
    hydrations.push(await runChildMeasurement<Hydration>(["hydrate-graph", databasePath, tenant.tenantUuid], ["--max-old-space-size=8192"]));
  }
  const subject = summarize(hydrations.map((run) => run.ms));
  const baseline = summarize(scans.map((run) => run.ms));
  const speedRatio = speedRatioOf(subject, baseline);
  const peakRss = Math.max(...hydrations.map((run) => run.maxRssBytes));
  const last = hydrations[hydrations.length - 1]!;
  return {
    id: "graph-hydration",
    title: "Tenant graph hydration (cold start)",
    subject: { label: "store.graphs.forTenant on a fresh store (hydrateGraphAsync)", summary: subject },
    baseline: { label: "raw better-sqlite3 scan of the same rows", summary: baseline },
    speedRatio,
    targets: [
      { description: "hydration <= 3x the raw scan", met: subject.medianMs <= 3 * baseline.medianMs },
      { description: "peak RSS of the graph's process <= 1.5 GiB", met: peakRss <= 1.5 * GiB },
    ],
    figures: {
      hydrationVsScan: subject.medianMs / baseline.medianMs,
      graphHeapMiB: last.graphHeapBytes / MiB,
      hydrationPeakRssMiB: peakRss / MiB,
      scanPeakRssMiB: Math.max(...scans.map((run) => run.maxRssBytes)) / MiB,
      scannedRows: scans[0]!.rows,
      graphPersons: last.persons,
      graphEdges: last.edges,
      graphInteractions: last.interactions,
      longestEventLoopDelayMs: Math.max(...hydrations.map((run) => run.longestDelayMs)),
      p99EventLoopDelayMs: summarize(hydrations.map((run) => run.p99DelayMs)).medianMs,
    },
    notes: [
      `${runs} run(s) each, alternating, each in a fresh process; peak RSS is the whole hydrating process (Node itself included)`,
      "longest/p99EventLoopDelayMs: how long a request to the same process would wait behind the hydration (the event loop's delay, sampled every 10 ms; longest of all runs, median of the runs' p99); full garbage collections included",
    ],
  };
}
