import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createManualClock, createServices, type AppServices } from "@rapport/api";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_NOW, generateTenant } from "../generate-tenant.js";
import type { Scale } from "../scales.js";
import { sampleTargets } from "../targets.js";
import { MAXIMUM_GROWTH, measurePathsGrowth, type ScaledGraph } from "./paths-growth.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-growth-"));
const opened: AppServices[] = [];

async function scaledGraph(scale: Scale): Promise<ScaledGraph> {
  const databasePath = join(folder, `${scale.name}-${scale.persons}.db`);
  const tenant = await generateTenant(databasePath, scale, 11);
  const services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
  opened.push(services);
  return { scale: `${scale.persons} persons`, graph: await services.store.graphs.forTenant(tenant.tenantUuid), tenant };
}

const tiny: Scale = { name: "S", users: 3, persons: 150, companies: 15, interactions: 1_500, opportunities: 20, pathTargets: 20 };
const small: Scale = { ...tiny, users: 5, persons: 400, companies: 40, interactions: 4_000 };
let sides: { small: ScaledGraph; large: ScaledGraph };

beforeAll(async () => {
  sides = { small: await scaledGraph(tiny), large: await scaledGraph(small) };
}, 60_000);

afterAll(async () => {
  for (const services of opened) await services.store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("measurePathsGrowth", () => {
  it("times each distinct target of both scales once, and reports the larger median over the smaller", () => {
    const rows = measurePathsGrowth({ ...sides, targets: 60, block: 5 });
    expect(rows.map((row) => row.id)).toEqual(["paths-person-growth", "paths-company-growth"]);
    for (const row of rows) {
      const entity = row.id === "paths-person-growth" ? "person" : "company";
      const distinct = (side: ScaledGraph) =>
        new Set(sampleTargets(entity === "person" ? side.tenant.personUuids : side.tenant.companyUuids, 60, entity === "person" ? 1.05 : 1.0, entity === "person" ? 33 : 34)).size;
      expect(row.subject.summary.count).toBe(distinct(sides.large));
      expect(row.baseline?.summary.count).toBe(distinct(sides.small));
      // 60 draws among 15 companies repeat: the repeats are not timed again.
      if (entity === "company") expect(row.baseline!.summary.count).toBeLessThan(60);
      const growth = row.subject.summary.medianMs / row.baseline!.summary.medianMs;
      expect(row.figures.growth).toBe(growth);
      expect(row.speedRatio).toBeCloseTo(1 / growth, 9);
      expect(row.targets).toEqual([{ description: `p50 grows < 2x from 150 persons to 400 persons (side by side in one process)`, met: growth < MAXIMUM_GROWTH }]);
      expect(row.figures.largeMedianPathsCounted).toBeGreaterThan(0);
      expect(row.figures.smallMedianPathsCounted).toBeGreaterThan(0);
    }
  });

  it("refuses a block that is not a positive integer", () => {
    expect(() => measurePathsGrowth({ ...sides, targets: 10, block: 0 })).toThrow(/block must be a positive integer/);
  });
});
