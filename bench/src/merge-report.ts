/**
 * @module
 * Puts the measurement groups of a later run (`--only ... --merge-into`) into an earlier report of
 * the same scale: a group that failed or changed is measured again without redoing the whole run.
 * The merged rows say when they were measured, and on which machine when it is not the report's.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { MeasurementResult } from "./measurement.js";
import type { BenchReport } from "./report.js";

/**
 * The rows of `base` with those of the groups `rerun` measured replaced by the new ones (in the
 * place of the first row they replace); a group's FAILED row has the group's id.
 */
export function mergeReports(base: BenchReport, rerun: BenchReport, groups: readonly string[], groupOf: (id: string) => string): BenchReport {
  if (base.scale !== rerun.scale) throw new Error(`cannot merge a scale ${rerun.scale} run into a scale ${base.scale} report`);
  const replaced = (row: MeasurementResult) => groups.includes(row.id) || groups.includes(groupOf(row.id));
  const { cores, cpuModel } = rerun.machine;
  const elsewhere = cores !== base.machine.cores || cpuModel !== base.machine.cpuModel ? ` on another machine: ${cores} cores (${cpuModel})` : "";
  const note = `measured again in a run started ${rerun.startedAt} (--only ${groups.join(" ")})${elsewhere}`;
  const fresh = rerun.measurements.map((row) => ({ ...row, notes: [...row.notes, note] }));
  const measurements: MeasurementResult[] = [];
  let placed = false;
  for (const row of base.measurements) {
    if (!replaced(row)) measurements.push(row);
    else if (!placed) {
      measurements.push(...fresh);
      placed = true;
    }
  }
  if (!placed) measurements.push(...fresh);
  const merged: BenchReport = { ...base, measurements, peakRssMiB: Math.max(base.peakRssMiB, rerun.peakRssMiB) };
  // A group measured again brings its own reads from disk; the run's total stays the first run's.
  if (rerun.pageCache !== undefined) {
    const groupsRead = { ...base.pageCache?.groups, ...rerun.pageCache.groups };
    merged.pageCache = { proactiveReclaim: rerun.pageCache.proactiveReclaim, run: base.pageCache?.run ?? null, groups: groupsRead };
  }
  return merged;
}

export const readReport = (path: string): BenchReport => JSON.parse(readFileSync(path, "utf8")) as BenchReport;

/**
 * The report `--merge-into` names, read before the run rather than after it: a missing file, one of another
 * scale, or `--out` naming the same file (the rerun's own report would overwrite it before the merge) stops
 * the command before it spends minutes measuring.
 */
export function reportToMergeInto(path: string, scale: string, out: string | undefined): BenchReport {
  const target = resolve(path);
  if (out !== undefined && resolve(out) === target) {
    throw new Error(`--out names the report --merge-into merges into (${target}): the rerun's own report would overwrite it; give --out another file or leave it out`);
  }
  let report: BenchReport;
  try {
    report = readReport(target);
  } catch (error) {
    throw new Error(`--merge-into: cannot read the report ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (report.scale !== scale) throw new Error(`--merge-into: ${target} is a scale ${report.scale} report, and this run is scale ${scale}`);
  return report;
}
