/**
 * Measurement 1: a tenant's graph hydrated from SQLite on a cold start (a fresh store in a fresh
 * process, `store.graphs.forTenant`), against a raw better-sqlite3 scan of the same rows (emails ⋈
 * participants, meetings ⋈ attendees) in a process of its own. Runs alternate, scan first, so both
 * read a warm page cache. Also reports the hydrated graph's heap and the hydrating process's peak RSS. The
 * last run then asks every person and company every per-target read once (see ask-every-target.ts), so the
 * peak RSS also covers what a long-running server's graph keeps once every target has been asked.
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
  externalBytes: number;
  hydrationMaxRssBytes: number;
  maxRssBytes: number;
  askedTargets?: number;
  askMs?: number;
  askedGraphHeapBytes?: number;
  askedExternalBytes?: number;
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
    const askEveryTarget = run === runs - 1 ? ["ask-every-target"] : [];
    hydrations.push(
      await runChildMeasurement<Hydration>(["hydrate-graph", databasePath, tenant.tenantUuid, ...askEveryTarget], ["--max-old-space-size=8192"]),
    );
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
      { description: "peak RSS of the graph's process, every target asked once, <= 1.5 GiB", met: peakRss <= 1.5 * GiB },
    ],
    figures: {
      hydrationVsScan: subject.medianMs / baseline.medianMs,
      graphHeapMiB: last.graphHeapBytes / MiB,
      graphExternalMiB: last.externalBytes / MiB,
      hydrationPeakRssMiB: Math.max(...hydrations.map((run) => run.hydrationMaxRssBytes)) / MiB,
      askedGraphHeapMiB: (last.askedGraphHeapBytes ?? 0) / MiB,
      askedGraphExternalMiB: (last.askedExternalBytes ?? 0) / MiB,
      askedTargets: last.askedTargets ?? 0,
      askEveryTargetSeconds: (last.askMs ?? 0) / 1000,
      peakRssMiB: peakRss / MiB,
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
      "graphHeapMiB/graphExternalMiB: the JS heap and the typed arrays' memory the hydrated graph added; asked...: the same once the last run has asked every person and company every per-target read (recommended paths, activity stats, PathPower, derived fields, strongest relationships), what a long-running server's graph keeps; hydrationPeakRssMiB: the peak before that asking, peakRssMiB: after it (the target's figure)",
      "longest/p99EventLoopDelayMs: how long a request to the same process would wait behind the hydration (the event loop's delay, sampled every 10 ms; longest of all runs, median of the runs' p99); full garbage collections included",
    ],
  };
}
