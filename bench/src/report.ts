/** Writes the benchmark report: JSON for machines, a Markdown table for people. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { MeasurementResult } from "./measurement.js";

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
  lines.push("", "Speed vs baseline: above 1x Rapport is faster than the baseline answering the same question in the same run; below 1x it is slower.", "");
  return lines.join("\n");
}

/** Writes `<out>` (JSON) and the Markdown beside it (same name, .md). */
export function writeReport(report: BenchReport, outPath: string): { json: string; markdown: string } {
  mkdirSync(dirname(outPath), { recursive: true });
  const markdownPath = outPath.replace(/\.json$/i, "") + ".md";
  writeFileSync(outPath, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdownPath, renderMarkdown(report));
  return { json: outPath, markdown: markdownPath };
}
