/** Writes the benchmark report: JSON for machines, a Markdown table for people. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { MeasurementResult } from "./measurement.js";
import type { PageCacheReads } from "./page-cache.js";

export interface BenchReport {
  scale: string;
  startedAt: string;
  durationSeconds: number;
  machine: {
    cores: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    platform: string;
    /** 1, 5 and 15-minute load averages: other work on the machine shares the cores. */
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  dataset: Record<string, number>;
  peakRssMiB: number;
  measurements: MeasurementResult[];
  /**
   * What the system's page cache did (absent in reports before 2026-12-02; null figures where the system does
   * not tell): the run's reads from disk, each measurement group's, and the system's proactive reclaim.
   */
  pageCache?: {
    proactiveReclaim: string | null;
    run: PageCacheReads | null;
    groups: Record<string, PageCacheReads>;
  };
}

export const figure = (value: number) =>
  !Number.isFinite(value) ? String(value) : value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3);

/** Renders the report as Markdown. */
export function renderMarkdown(report: BenchReport): string {
  const lines = [
    `# Rapport benchmark, scale ${report.scale}`,
    "",
    `Run ${report.startedAt} (${report.durationSeconds} s) on ${report.machine.cores} cores (${report.machine.cpuModel}), ${report.machine.memoryGiB} GiB, Node ${report.machine.node} (${report.machine.platform}). Load average (1/5/15 min) ${report.machine.loadAverageAtStart.join(" / ")} at the start, ${report.machine.loadAverageAtEnd.join(" / ")} at the end. Peak RSS of the benchmark process ${figure(report.peakRssMiB)} MiB.`,
    "",
    `Dataset: ${Object.entries(report.dataset).map(([name, value]) => `${value.toLocaleString("en-US")} ${name}`).join(", ")}.`,
    "",
    "| measurement | subject | median ms | p95 ms | p99 ms | ops/s | baseline | baseline median ms | baseline ops/s | speed vs baseline | targets |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const result of report.measurements) {
    const { subject, baseline } = result;
    const targets = result.targets.map((target) => `${target.met ? "met" : "MISSED"}: ${target.description}`).join("; ") || "-";
    lines.push(
      `| ${result.title} | ${subject.label} | ${figure(subject.summary.medianMs)} | ${figure(subject.summary.p95Ms)} | ${figure(subject.summary.p99Ms)} | ${figure(subject.summary.opsPerSecond)} | ${baseline?.label ?? "-"} | ${baseline ? figure(baseline.summary.medianMs) : "-"} | ${baseline ? figure(baseline.summary.opsPerSecond) : "-"} | ${result.speedRatio === null ? "-" : `${figure(result.speedRatio)}x`} | ${targets} |`,
    );
  }
  const notes = report.measurements.flatMap((result) => [
    ...Object.entries(result.figures).map(([name, value]) => `- ${result.title}: ${name} = ${figure(value)}`),
    ...result.notes.map((note) => `- ${result.title}: ${note}`),
  ]);
  if (notes.length > 0) lines.push("", "## Figures and notes", "", ...notes);
  lines.push(...pageCacheSection(report));
  lines.push("", "Speed vs baseline: above 1x Rapport is faster than the baseline answering the same question in the same run; below 1x it is slower.", "");
  return lines.join("\n");
}

/**
 * The page cache's part in the run: a figure that read its database's pages from disk again is slower for a
 * reason outside the code measured.
 */
function pageCacheSection(report: BenchReport): string[] {
  const { pageCache } = report;
  if (pageCache === undefined) return [];
  const mebibytes = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
  const reclaim = pageCache.proactiveReclaim === null ? "no proactive reclaim of idle pages found" : `proactive reclaim: ${pageCache.proactiveReclaim}`;
  const run =
    pageCache.run === null
      ? "The system does not tell its reads from disk (no /proc/vmstat)"
      : `Read from disk during the run: ${mebibytes(pageCache.run.diskReadMiB)} MiB, ${mebibytes(pageCache.run.refaultedFileMiB)} MiB of it file pages the page cache had held and dropped`;
  const lines = ["", "## Reads from disk", "", `${run}; ${reclaim}.`];
  const groups = Object.entries(pageCache.groups);
  if (groups.length > 0) {
    lines.push("", "| measurement group | read from disk, MiB | of it dropped by the cache and read again, MiB |", "|---|---|---|");
    for (const [group, reads] of groups) lines.push(`| ${group} | ${mebibytes(reads.diskReadMiB)} | ${mebibytes(reads.refaultedFileMiB)} |`);
  }
  return lines;
}

/** Writes `<out>` (JSON) and the Markdown beside it (same name, .md). */
export function writeReport(report: BenchReport, outPath: string): { json: string; markdown: string } {
  mkdirSync(dirname(outPath), { recursive: true });
  const markdownPath = outPath.replace(/\.json$/i, "") + ".md";
  writeFileSync(outPath, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdownPath, renderMarkdown(report));
  return { json: outPath, markdown: markdownPath };
}
