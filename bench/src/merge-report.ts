/**
 * @module
 * Puts the measurement groups of a later run (`--only ... --merge-into`) into an earlier report of
 * the same scale: a group that failed or changed is measured again without redoing the whole run.
 * The merged rows say when they were measured, and on which machine when it is not the report's.
 */
import { readFileSync } from "node:fs";
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
  return { ...base, measurements, peakRssMiB: Math.max(base.peakRssMiB, rerun.peakRssMiB) };
}

export const readReport = (path: string): BenchReport => JSON.parse(readFileSync(path, "utf8")) as BenchReport;
