/**
 * `--only` at scale S: a file of its own beside run-benchmark.test.ts, so that the two smoke runs (each generates its
 * tenant and starts its own servers) go in two vitest workers side by side. No timing is asserted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { runBenchmark } from "./run-benchmark.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-only-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("runBenchmark at scale S", () => {
  it("with --only groups measured over HTTP, hydrates no graph in its own process (it is their client)", async () => {
    const logged: string[] = [];
    const { report } = await runBenchmark({
      scale: "S",
      out: join(folder, "only.json"),
      quick: true,
      generated: inject("generatedS"),
      only: ["batch-endpoints"],
      log: (line) => logged.push(line),
    });
    expect(report.measurements.map((measurement) => measurement.id)).toEqual([
      "batch-paths-person",
      "batch-paths-company",
      "batch-pathpower",
      "batch-pathpower-companies",
      "batch-activity-stats",
    ]);
    expect(logged).toContain("measuring the batch endpoints over HTTP");
    expect(logged.filter((line) => /GET \/v1\/persons pages|recommended paths \(engine|ingest/.test(line))).toEqual([]);
  });
});
