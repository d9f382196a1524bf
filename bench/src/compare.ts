/**
 * @module
 * How each figure grows from S to M to L: reports of several scales side by side, one row per
 * measurement (median, ratio to baseline), plus the targets that span scales (two-hop paths' p50
 * must grow less than 2x from S to L).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { figure, type BenchReport } from "./report.js";
import type { Summary } from "./statistics.js";

export interface ScaleTarget {
  description: string;
  met: boolean;
}

/** Targets across scales: the engine's two-hop p50 grows less than 2x from the smallest to the largest scale. */
/**
 * How a row's cost grew from the smallest scale to the largest: the ratio of medians, or of the time per
 * operation (1 / ops/s) when a median is 0 (the load generator's latencies are whole milliseconds).
 * @example growthFigure({ medianMs: 0.05, opsPerSecond: 20_000 }, { medianMs: 0.1, opsPerSecond: 10_000 }); // "2.00x"
 */
export function growthFigure(small: Pick<Summary, "medianMs" | "opsPerSecond">, large: Pick<Summary, "medianMs" | "opsPerSecond">): string {
  if (small.medianMs > 0 && large.medianMs > 0) return `${figure(large.medianMs / small.medianMs)}x`;
  if (small.opsPerSecond > 0 && large.opsPerSecond > 0) return `${figure(small.opsPerSecond / large.opsPerSecond)}x`;
  return "-";
}

export function growthTargets(reports: readonly BenchReport[]): ScaleTarget[] {
  const first = reports[0];
  const last = reports[reports.length - 1];
  if (!first || !last || first === last) return [];
  const targets: ScaleTarget[] = [];
  for (const id of ["paths-person-engine", "paths-company-engine"]) {
    const small = first.measurements.find((measurement) => measurement.id === id);
    const large = last.measurements.find((measurement) => measurement.id === id);
    if (!small || !large) continue;
    const growth = large.subject.summary.medianMs / small.subject.summary.medianMs;
    const smallPaths = small.figures.medianPathsCounted;
    const largePaths = large.figures.medianPathsCounted;
    const neighbourhood =
      smallPaths !== undefined && largePaths !== undefined && smallPaths > 0
        ? `; median paths counted per target ${figure(smallPaths)} -> ${figure(largePaths)}, ${figure(largePaths / smallPaths)}x`
        : "";
    const across = `${figure(small.subject.summary.medianMs)} -> ${figure(large.subject.summary.medianMs)} ms, ${figure(growth)}x${neighbourhood}`;
    // The largest run's own side-by-side row, when it has one, judges: it leaves out the drift between runs.
    const sideBySide = last.measurements.find((measurement) => measurement.id === id.replace(/-engine$/, "-growth") && !measurement.error);
    const verdict = sideBySide?.targets[0];
    if (sideBySide && verdict && sideBySide.baseline) {
      const { growth: pooled, lowestRoundGrowth: lowest, highestRoundGrowth: highest } = sideBySide.figures;
      const { smallMedianAnswerBytes: smallBytes, largeMedianAnswerBytes: largeBytes, answerGrowth } = sideBySide.figures;
      const spread = lowest !== undefined && highest !== undefined ? ` (its rounds ${figure(lowest)}x to ${figure(highest)}x)` : "";
      const answer =
        smallBytes !== undefined && largeBytes !== undefined && answerGrowth !== undefined
          ? `; the median answer ${figure(smallBytes)} -> ${figure(largeBytes)} bytes, ${figure(answerGrowth)}x`
          : "";
      const measured = `${figure(sideBySide.baseline.summary.medianMs)} -> ${figure(sideBySide.subject.summary.medianMs)} ms, ${figure(pooled ?? Number.NaN)}x${spread}${answer}`;
      targets.push({ description: `${large.title}: ${verdict.description}: ${measured}; across the separate reports ${across}`, met: verdict.met });
      continue;
    }
    targets.push({ description: `${large.title}: p50 grows < 2x from ${first.scale} to ${last.scale} (${across})`, met: growth < 2 });
  }
  return targets;
}

/** Renders the side-by-side Markdown. */
export function renderComparison(reports: readonly BenchReport[]): string {
  const scales = reports.map((report) => report.scale);
  const lines = [
    `# Rapport benchmark: ${scales.join(" / ")} side by side`,
    "",
    ...reports.map(
      (report) =>
        `- ${report.scale}: ${Object.entries(report.dataset).map(([name, value]) => `${value.toLocaleString("en-US")} ${name}`).join(", ")}; run ${report.startedAt} on ${report.machine.cores} cores (${report.machine.cpuModel}), ${report.machine.memoryGiB} GiB, load ${report.machine.loadAverageAtStart?.join(" / ") ?? "?"}.`,
    ),
    "",
    `| measurement | ${scales.map((scale) => `${scale} median ms`).join(" | ")} | ${scales.map((scale) => `${scale} p99 ms`).join(" | ")} | ${scales.map((scale) => `${scale} vs baseline`).join(" | ")} | growth ${scales[0]}->${scales[scales.length - 1]} | targets at ${scales[scales.length - 1]} |`,
    `|---|${scales.map(() => "---").join("|")}|${scales.map(() => "---").join("|")}|${scales.map(() => "---").join("|")}|---|---|`,
  ];
  const ids = [...new Set(reports.flatMap((report) => report.measurements.map((measurement) => measurement.id)))];
  for (const id of ids) {
    const found = reports.map((report) => report.measurements.find((measurement) => measurement.id === id));
    // Titles that name one run's own size: the growth rows' ("S -> M") measure S against each column's scale.
    const title = found
      .find(Boolean)!
      .title.replace(/mbox import, [\d,]+ messages/, "mbox import")
      .replace(/growth (\w+) -> \w+ side by side/, "growth from $1 to each scale, side by side")
      .replace(/with \w+'s team/, "with each scale's team");
    const medians = found.map((measurement) => (measurement ? figure(measurement.subject.summary.medianMs) : "-"));
    const p99s = found.map((measurement) => (measurement ? figure(measurement.subject.summary.p99Ms) : "-"));
    const ratios = found.map((measurement) => (measurement?.speedRatio == null ? "-" : `${figure(measurement.speedRatio)}x`));
    const first = found[0];
    const last = found[found.length - 1];
    const growth = first && last ? growthFigure(first.subject.summary, last.subject.summary) : "-";
    const targets = last?.targets.map((target) => `${target.met ? "met" : "MISSED"}: ${target.description}`).join("; ") || "-";
    lines.push(`| ${title} | ${medians.join(" | ")} | ${p99s.join(" | ")} | ${ratios.join(" | ")} | ${growth} | ${targets} |`);
  }
  const growth = growthTargets(reports);
  if (growth.length > 0) {
    lines.push("", "## Targets across scales", "", ...growth.map((target) => `- ${target.met ? "met" : "MISSED"}: ${target.description}`));
  }
  lines.push(
    "",
    "Medians of the subject (Rapport); `vs baseline` is how many times as fast as the in-run baseline (above 1x Rapport is faster); growth is the largest scale's median over the smallest's (time per request, from requests/s, where the load generator's whole-millisecond median is 0). Ingest and import rows are per message.",
    "",
  );
  return lines.join("\n");
}

/** Reads JSON reports and writes their comparison to `outPath`. */
export function writeComparison(reportPaths: readonly string[], outPath: string): string {
  const reports = reportPaths.map((path) => JSON.parse(readFileSync(path, "utf8")) as BenchReport);
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, renderComparison(reports));
  return outPath;
}
