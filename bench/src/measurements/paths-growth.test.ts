import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createManualClock, createServices, type AppServices } from "@rapport/api";
import { ENTITY_KINDS, recommendedPaths, type RecommendedPathsResponse } from "@rapport/graph";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_NOW, generateTenant, type SyntheticTenant } from "../generate-tenant.js";
import type { Scale } from "../scales.js";
import { median } from "../statistics.js";
import { distinctTargets, warmUpTargets } from "../targets.js";
import { MAXIMUM_GROWTH, measurePathsGrowth, medianMsPerPath, type ScaledGraph, type SmallTenant } from "./paths-growth.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-growth-"));
const opened: AppServices[] = [];

async function tenantAt(scale: Scale): Promise<{ databasePath: string; tenant: SyntheticTenant }> {
  const databasePath = join(folder, `${scale.name}-${scale.persons}-${scale.users}.db`);
  return { databasePath, tenant: await generateTenant(databasePath, scale, 11) };
}

const openServices = (databasePath: string) => createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });

const tiny: Scale = { name: "S", users: 3, persons: 150, companies: 15, interactions: 1_500, opportunities: 20, pathTargets: 20 };
const small: Scale = { ...tiny, users: 5, persons: 400, companies: 40, interactions: 4_000 };
let large: ScaledGraph;
let smallTenant: SmallTenant;
/** The tiny scale generated with the large side's 5 users. */
let sameTeamTenant: SmallTenant;
/** Graphs the small sides opened, and how many they closed. */
const smallGraphs = { opened: 0, closed: 0 };

async function smallSide(scale: Scale): Promise<SmallTenant> {
  const { databasePath, tenant } = await tenantAt(scale);
  return {
    scale: "tiny",
    tenant,
    openGraph: async () => {
      const services = await openServices(databasePath);
      smallGraphs.opened += 1;
      return {
        graph: await services.store.graphs.forTenant(tenant.tenantUuid),
        close: async () => {
          smallGraphs.closed += 1;
          await services.store.close();
        },
      };
    },
  };
}

beforeAll(async () => {
  smallTenant = await smallSide(tiny);
  sameTeamTenant = await smallSide({ ...tiny, users: small.users });
  const smallTenantFile = await tenantAt(small);
  const services = await openServices(smallTenantFile.databasePath);
  opened.push(services);
  large = { scale: "small", graph: await services.store.graphs.forTenant(smallTenantFile.tenant.tenantUuid), tenant: smallTenantFile.tenant };
}, 60_000);

afterAll(async () => {
  for (const services of opened) await services.store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The large side's timed targets of each round, by the rule: a round's draw less every target asked of it before (timed or warmed). */
function largeTargetsOfRounds(ranked: readonly string[], exponent: number, firstSeed: number, draws: number, rounds: number): number {
  const asked = new Set<string>();
  let timed = 0;
  for (let round = 0; round < rounds; round += 1) {
    const seed = firstSeed + 100 * round;
    const targets = distinctTargets(ranked, draws, exponent, seed).filter((uuid) => !asked.has(uuid));
    for (const uuid of [...targets, ...warmUpTargets(ranked, targets, 200, exponent, seed + 1000)]) asked.add(uuid);
    timed += targets.length;
  }
  return timed;
}

describe("measurePathsGrowth", () => {
  it("times the small scale's targets on a fresh graph each round and the large scale's new ones, pooled", async () => {
    smallGraphs.opened = 0;
    smallGraphs.closed = 0;
    const rows = await measurePathsGrowth({ small: smallTenant, large, targets: 60, block: 5, rounds: 2 });
    expect(rows.map((row) => row.id)).toEqual(["paths-person-growth", "paths-company-growth"]);
    // Per question: one graph thrown away after warming the code, then one per round; each closed.
    expect(smallGraphs).toEqual({ opened: 6, closed: 6 });
    for (const row of rows) {
      const person = row.id === "paths-person-growth";
      const rankedOf = (tenant: SyntheticTenant) => (person ? tenant.personUuids : tenant.companyUuids);
      const exponent = person ? 1.05 : 1.0;
      const seed = person ? 33 : 34;
      expect(row.baseline?.summary.count).toBe(2 * distinctTargets(rankedOf(smallTenant.tenant), 60, exponent, seed).length);
      // 60 draws among 15 companies repeat: the repeats are not timed again.
      if (!person) expect(row.baseline!.summary.count).toBeLessThan(2 * 60);
      const largeTimed = largeTargetsOfRounds(rankedOf(large.tenant), exponent, seed, 60, 2);
      expect(row.subject.summary.count).toBe(largeTimed);
      // The second round's draw overlaps the first's heaviest targets, which are not asked again.
      expect(largeTimed).toBeLessThan(2 * distinctTargets(rankedOf(large.tenant), 60, exponent, seed).length);
      const growth = row.subject.summary.medianMs / row.baseline!.summary.medianMs;
      expect(row.figures.growth).toBe(growth);
      expect(row.speedRatio).toBeCloseTo(1 / growth, 9);
      expect(row.figures.lowestRoundGrowth).toBeLessThanOrEqual(row.figures.highestRoundGrowth!);
      expect(row.figures.lowestRoundGrowth).toBeGreaterThan(0);
      expect(row.targets).toEqual([{ description: `p50 grows < 2x from tiny to small (side by side in one process)`, met: growth < MAXIMUM_GROWTH }]);
      expect(row.figures.largeMedianPathsCounted).toBeGreaterThan(0);
      expect(row.figures.smallMedianPathsCounted).toBeGreaterThan(0);
      expect(row.figures.perPathGrowth).toBeGreaterThan(0);
      expect(Number.isFinite(row.figures.perPathGrowth)).toBe(true);
      // The small side's answers, asked again on a graph of its own: each round asked it the same targets.
      const fresh = await smallTenant.openGraph();
      try {
        const answers = distinctTargets(rankedOf(smallTenant.tenant), 60, exponent, seed).map((uuid) =>
          recommendedPaths(fresh.graph, { entity: person ? "person" : "company", uuid }, { now: BENCH_NOW }),
        );
        expect(row.figures.smallMedianAnswerBytes).toBe(median(answers.map((answer) => Buffer.byteLength(JSON.stringify(answer)))));
        expect(row.figures.smallMedianItems).toBe(median(answers.map((answer) => answer.items.length)));
      } finally {
        await fresh.close();
      }
      expect(row.figures.largeMedianItems).toBeGreaterThan(0);
      expect(row.figures.answerGrowth).toBe(row.figures.largeMedianAnswerBytes! / row.figures.smallMedianAnswerBytes!);
      expect(row.figures.perAnswerByteGrowth).toBeGreaterThan(0);
      expect(Number.isFinite(row.figures.perAnswerByteGrowth)).toBe(true);
    }
  });

  it("with the small scale at the large one's team, adds rows that share the large timings and carry no target", async () => {
    smallGraphs.opened = 0;
    smallGraphs.closed = 0;
    const rows = await measurePathsGrowth({ small: smallTenant, sameTeam: sameTeamTenant, large, targets: 40, block: 5, rounds: 2 });
    expect(rows.map((row) => row.id)).toEqual(["paths-person-growth", "paths-person-growth-same-team", "paths-company-growth", "paths-company-growth-same-team"]);
    // Per question and small tenant: one graph thrown away, then one per round; each closed.
    expect(smallGraphs).toEqual({ opened: 12, closed: 12 });
    for (const entity of ENTITY_KINDS) {
      const own = rows.find((row) => row.id === `paths-${entity}-growth`)!;
      const held = rows.find((row) => row.id === `paths-${entity}-growth-same-team`)!;
      const ranked = entity === "person" ? sameTeamTenant.tenant.personUuids : sameTeamTenant.tenant.companyUuids;
      // One set of large targets, timed once, against both small tenants.
      expect(held.subject.summary).toEqual(own.subject.summary);
      expect(held.figures.largeMedianPathsCounted).toBe(own.figures.largeMedianPathsCounted);
      expect(held.figures.largeMedianAnswerBytes).toBe(own.figures.largeMedianAnswerBytes);
      // Its small tenant has the large one's team: each target reached by as many users, about, as at the large scale.
      expect(held.figures.smallMedianItems).toBeGreaterThan(own.figures.smallMedianItems!);
      expect(held.baseline?.summary.count).toBe(2 * distinctTargets(ranked, 40, entity === "person" ? 1.05 : 1.0, entity === "person" ? 33 : 34).length);
      expect(held.baseline?.label).toMatch(/generated with the small tenant's 5 users/);
      expect(held.figures.growth).toBe(held.subject.summary.medianMs / held.baseline!.summary.medianMs);
      expect(held.figures.teamUsers).toBe(5);
      expect(held.targets).toEqual([]);
      expect(own.targets).toHaveLength(1);
      expect(held.title).toBe(`${own.title}, tiny with small's team`);
    }
  });

  it("refuses a same-team tenant whose team is not the large tenant's", async () => {
    await expect(measurePathsGrowth({ small: smallTenant, sameTeam: smallTenant, large, targets: 10, block: 5, rounds: 1 })).rejects.toThrow(
      "the same-team tenant has 3 users, the small tenant 5",
    );
  });

  it("refuses a block or a number of rounds that is not a positive integer", async () => {
    await expect(measurePathsGrowth({ small: smallTenant, large, targets: 10, block: 0, rounds: 1 })).rejects.toThrow(/block must be a positive integer/);
    await expect(measurePathsGrowth({ small: smallTenant, large, targets: 10, block: 5, rounds: 1.5 })).rejects.toThrow(/rounds must be a positive integer/);
  });
});

/** A response whose items count `counts` paths. */
const answerCounting = (...counts: number[]) =>
  ({ items: counts.map((path_count) => ({ path_count })), total: counts.length }) as unknown as RecommendedPathsResponse;

describe("medianMsPerPath", () => {
  it("divides each target's time by its paths counted, leaves out targets without a path, and takes the median", () => {
    const answers = [answerCounting(2, 2), answerCounting(), answerCounting(10), answerCounting(1)];
    // 8/4 = 2, (no path), 30/10 = 3, 5/1 = 5: the median of 2, 3 and 5.
    expect(medianMsPerPath([8, 100, 30, 5], answers)).toBe(3);
    expect(medianMsPerPath([1], [answerCounting()])).toBeNaN();
  });

  it("refuses durations and answers that do not pair up", () => {
    expect(() => medianMsPerPath([1, 2], [answerCounting(1)])).toThrow(/2 durations for 1 answers/);
  });
});
