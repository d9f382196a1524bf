import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failedMeasurement, type MeasurementResult } from "./measurement.js";
import { mergeReports, reportToMergeInto } from "./merge-report.js";
import type { BenchReport } from "./report.js";
import { groupOfMeasurement } from "./run-benchmark.js";

const row = (id: string): MeasurementResult => ({ ...failedMeasurement(id, id, "x"), error: undefined, notes: [] });
const report = (startedAt: string, measurements: MeasurementResult[], scale = "L", cpuModel = "cpu"): BenchReport => ({
  scale,
  startedAt,
  durationSeconds: 1,
  machine: { cores: 2, cpuModel, memoryGiB: 24, node: "v20", platform: "linux-x64", loadAverageAtStart: [0, 0, 0], loadAverageAtEnd: [0, 0, 0] },
  dataset: {},
  peakRssMiB: 100,
  measurements,
});

describe("merging a rerun into a report", () => {
  it("puts the rerun groups' rows in the place of the old ones (a failed group's row too) and says when they were measured", () => {
    const base = report("first", [row("graph-hydration"), failedMeasurement("http-throughput", "HTTP throughput", "fetch failed"), row("mbox-import")]);
    const rerun = report("later", [row("http-person"), row("http-paths")]);
    const merged = mergeReports(base, rerun, ["http-throughput"], groupOfMeasurement);
    expect(merged.measurements.map((measurement) => measurement.id)).toEqual(["graph-hydration", "http-person", "http-paths", "mbox-import"]);
    expect(merged.measurements[1]!.notes.at(-1)).toBe("measured again in a run started later (--only http-throughput)");
    expect(merged.startedAt).toBe("first");
    expect(() => mergeReports(base, report("later", [], "M"), ["http-throughput"], groupOfMeasurement)).toThrow("scale M");
  });

  it("names the machine of a rerun made on another one", () => {
    const base = report("first", [row("http-person")]);
    const merged = mergeReports(base, report("later", [row("http-person")], "L", "AMD EPYC"), ["http-throughput"], groupOfMeasurement);
    expect(merged.measurements[0]!.notes.at(-1)).toBe("measured again in a run started later (--only http-throughput) on another machine: 2 cores (AMD EPYC)");
  });
});

describe("the report --merge-into names", () => {
  const folder = mkdtempSync(join(tmpdir(), "rapport-bench-merge-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const written = join(folder, "latest-L.json");
  writeFileSync(written, JSON.stringify(report("first", [row("graph-hydration")])));

  it("is read before the run: the report itself when it is of the run's scale", () => {
    expect(reportToMergeInto(written, "L", undefined).startedAt).toBe("first");
    expect(reportToMergeInto(written, "L", join(folder, "rerun.json")).measurements.map((measurement) => measurement.id)).toEqual(["graph-hydration"]);
  });

  it("refuses --out naming the same file, a missing file and another scale's report", () => {
    expect(() => reportToMergeInto(written, "L", join(folder, ".", "latest-L.json"))).toThrow(/--out names the report --merge-into merges into/);
    expect(() => reportToMergeInto(join(folder, "missing.json"), "L", undefined)).toThrow(/cannot read the report .*missing\.json/);
    expect(() => reportToMergeInto(written, "M", undefined)).toThrow("is a scale L report, and this run is scale M");
  });
});

describe("merging the reads from disk", () => {
  it("takes the groups measured again from the rerun and keeps the first run's total", () => {
    const reads = (diskReadMiB: number) => ({ diskReadMiB, refaultedFileMiB: diskReadMiB / 2 });
    const base = {
      ...report("first", [row("graph-hydration"), row("http-person")]),
      pageCache: { proactiveReclaim: null, run: reads(100), groups: { "graph-hydration": reads(80), "http-throughput": reads(4) } },
    };
    const rerun = { ...report("later", [row("http-person")]), pageCache: { proactiveReclaim: "DAMON", run: reads(10), groups: { "http-throughput": reads(6) } } };
    const merged = mergeReports(base, rerun, ["http-throughput"], groupOfMeasurement);
    expect(merged.pageCache).toEqual({ proactiveReclaim: "DAMON", run: reads(100), groups: { "graph-hydration": reads(80), "http-throughput": reads(6) } });
    expect(mergeReports(report("first", []), report("later", []), ["http-throughput"], groupOfMeasurement).pageCache).toBeUndefined();
  });
});
