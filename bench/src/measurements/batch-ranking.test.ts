import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, createManualClock, createServices, issueApiKey, type AppServices } from "@rapport/api";
import type { RelationshipGraph } from "@rapport/graph";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_NOW, generateTenant, type SyntheticTenant } from "../generate-tenant.js";
import type { Scale } from "../scales.js";
import { batchTargets } from "../targets.js";
import { rankBatch, timeBatchRanking } from "./batch-ranking.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-batch-ranking-"));
const scale: Scale = { name: "S", users: 4, persons: 300, companies: 30, interactions: 3_000, opportunities: 20, pathTargets: 20 };
let services: AppServices;
let tenant: SyntheticTenant;
let graph: RelationshipGraph;

beforeAll(async () => {
  const databasePath = join(folder, "tenant.db");
  tenant = await generateTenant(databasePath, scale, 5);
  services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
  graph = await services.store.graphs.forTenant(tenant.tenantUuid);
}, 60_000);

afterAll(async () => {
  await services.store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** What a ranking decides, without display fields: who, in which order, how strong, how many paths listed and counted. */
const rankingOf = (items: ReadonlyArray<{ person_uuid: string; connection_score: number; path_count: number; paths: unknown[]; priority_management: unknown[] }>) =>
  items.map((item) => [item.person_uuid, item.connection_score, item.path_count, item.paths.length, item.priority_management.length]);

describe("rankBatch", () => {
  it("ranks a batch as the batch endpoint does", async () => {
    const key = (await issueApiKey(services.store, { tenantUuid: tenant.tenantUuid })).plaintext;
    const app = createApp(services);
    for (const [entity, resource, ranked] of [
      ["person", "persons", tenant.personUuids],
      ["company", "companies", tenant.companyUuids],
    ] as const) {
      const [uuids] = batchTargets(ranked, 1, entity);
      const response = await app.request(`/v1/${resource}/recommended-paths/batch`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ uuids }),
      });
      expect(response.status).toBe(200);
      const { results } = (await response.json()) as { results: Array<{ target_uuid: string; total: number; items: Parameters<typeof rankingOf>[0] }> };
      const rankings = rankBatch(graph, entity, uuids!);
      expect(rankings.map((ranking) => ranking.target_uuid)).toEqual(uuids);
      expect(rankings.map((ranking) => ranking.total)).toEqual(results.map((result) => result.total));
      expect(rankings.map((ranking) => rankingOf(ranking.items))).toEqual(results.map((result) => rankingOf(result.items)));
      // The batch lists fewer paths than a single target's answer, so the comparison covers that too.
      expect(rankings.some((ranking) => ranking.items.some((item) => item.path_count > item.paths.length))).toBe(true);
    }
  });
});

describe("timeBatchRanking", () => {
  it("times every batch once, after an untimed pass over the first", async () => {
    const batches = batchTargets(tenant.personUuids, 3, "person");
    const durations = await timeBatchRanking(graph, "person", batches);
    expect(durations).toHaveLength(3);
    for (const duration of durations) expect(duration).toBeGreaterThan(0);
    expect(await timeBatchRanking(graph, "person", [])).toEqual([]);
  });
});
