import { describe, expect, it } from "vitest";
import { growthFigure, growthTargets, renderComparison } from "./compare.js";
import { failedMeasurement, type MeasurementResult } from "./measurement.js";
import type { BenchReport } from "./report.js";
import { median, summarize } from "./statistics.js";

const engineRow = (medianMs: number, pathsCounted?: number): MeasurementResult => ({
  ...failedMeasurement("paths-person-engine", "Two-hop ranked paths to one person (engine)", "x"),
  error: undefined,
  subject: { label: "engine", summary: summarize([medianMs]) },
  figures: pathsCounted === undefined ? {} : { medianPathsCounted: pathsCounted },
});
const report = (scale: string, row: MeasurementResult): BenchReport => ({
  scale,
  startedAt: scale,
  durationSeconds: 1,
  machine: { cores: 2, cpuModel: "cpu", memoryGiB: 24, node: "v20", platform: "linux-x64", loadAverageAtStart: [0, 0, 0], loadAverageAtEnd: [0, 0, 0] },
  dataset: {},
  peakRssMiB: 100,
  measurements: [row],
});

describe("targets across scales", () => {
  it("judges the engine's p50 growth and shows how the median neighbourhood grew beside it", () => {
    const [target] = growthTargets([report("S", engineRow(0.05, 40)), report("L", engineRow(0.15, 160))]);
    expect(target).toEqual({ met: false, description: expect.stringMatching(/3(\.0+)?x; median paths counted per target 40(\.0+)? -> 160(\.0+)?, 4(\.0+)?x/) });
  });

  /** The growth target of an S report against an L report whose side-by-side row has `figures` and the verdict `met`. */
  const judgedBySideBySide = (figures: Record<string, number>, met: boolean) => {
    const sideBySide: MeasurementResult = {
      ...engineRow(0.18),
      id: "paths-person-growth",
      baseline: { label: "S in this process", summary: summarize([0.1]) },
      targets: [{ description: "p50 grows < 2x from S to L (side by side in one process)", met }],
      figures,
    };
    const large = { ...report("L", engineRow(0.18, 160)), measurements: [engineRow(0.18, 160), sideBySide] };
    return growthTargets([report("S", engineRow(0.06, 40)), large]);
  };

  it("takes the verdict of the largest run's side-by-side row when it has one, and shows both ratios", () => {
    const [target] = judgedBySideBySide({ growth: 1.8, lowestRoundGrowth: 1.6, highestRoundGrowth: 2.1 }, true);
    expect(target!.met).toBe(true);
    expect(target!.description).toMatch(
      /side by side in one process\): 0\.1\d* -> 0\.18\d* ms, 1\.80?x \(its rounds 1\.60?x to 2\.10?x\); across the separate reports 0\.06\d* -> 0\.18\d* ms, 3(\.0+)?x/,
    );
  });

  it("shows how the side-by-side row's median answer grew, when the row has it", () => {
    const [target] = judgedBySideBySide({ growth: 2.5, smallMedianAnswerBytes: 8_000, largeMedianAnswerBytes: 27_000, answerGrowth: 3.375 }, false);
    expect(target!.met).toBe(false);
    expect(target!.description).toMatch(/2\.50?x; the median answer 8,?000(\.0+)? -> 27,?000(\.0+)? bytes, 3\.38x; across the separate reports/);
  });

  it("meets the target under 2x and leaves the neighbourhood out when a report lacks it", () => {
    const [target] = growthTargets([report("S", engineRow(0.1)), report("L", engineRow(0.15, 160))]);
    expect(target!.met).toBe(true);
    expect(target!.description).not.toContain("paths counted");
  });
});

describe("median", () => {
  it("takes the middle value by the summaries' percentile rule", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe("growthFigure", () => {
  it("divides medians, or the time per request when a whole-millisecond median is 0, and gives up on nothing measured", () => {
    expect(growthFigure({ medianMs: 0.05, opsPerSecond: 20_000 }, { medianMs: 0.1, opsPerSecond: 1 })).toBe("2.00x");
    expect(growthFigure({ medianMs: 0, opsPerSecond: 12_000 }, { medianMs: 1, opsPerSecond: 6_000 })).toBe("2.00x");
    expect(growthFigure({ medianMs: 0, opsPerSecond: 0 }, { medianMs: 0, opsPerSecond: 6_000 })).toBe("-");
  });
});

describe("the comparison's header", () => {
  it("names each run's machine: runs of one comparison may come from different ones", () => {
    const lines = renderComparison([report("S", engineRow(0.05)), report("L", engineRow(0.09))]).split("\n");
    expect(lines.filter((line) => line.startsWith("- S:") || line.startsWith("- L:"))).toEqual([
      expect.stringContaining("run S on 2 cores (cpu), 24 GiB"),
      expect.stringContaining("run L on 2 cores (cpu), 24 GiB"),
    ]);
  });
});

describe("the comparison's rows", () => {
  it("titles a growth row by what each column measures, not by the first run's scale", () => {
    const growthRow = (scale: string, medianMs: number): MeasurementResult => ({
      ...engineRow(medianMs),
      id: "paths-person-growth",
      title: `Two-hop ranked paths to one person (engine), growth S -> ${scale} side by side`,
    });
    const table = renderComparison([report("M", growthRow("M", 0.03)), report("L", growthRow("L", 0.07))]);
    const row = table.split("\n").find((line) => line.startsWith("| Two-hop ranked paths to one person (engine), growth"));
    expect(row).toMatch(/^\| Two-hop ranked paths to one person \(engine\), growth from S to each scale, side by side \| 0\.030* \| 0\.070* \|/);
  });

  it("titles a same-team growth row by each column's team", () => {
    const sameTeamRow = (scale: string, medianMs: number): MeasurementResult => ({
      ...engineRow(medianMs),
      id: "paths-person-growth-same-team",
      title: `Two-hop ranked paths to one person (engine), growth S -> ${scale} side by side, S with ${scale}'s team`,
    });
    const table = renderComparison([report("M", sameTeamRow("M", 0.03)), report("L", sameTeamRow("L", 0.05))]);
    const row = table.split("\n").find((line) => line.startsWith("| Two-hop ranked paths to one person (engine), growth"));
    expect(row).toMatch(/^\| Two-hop ranked paths to one person \(engine\), growth from S to each scale, side by side, S with each scale's team \| 0\.030* \| 0\.050* \|/);
  });
});
