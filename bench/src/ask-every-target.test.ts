import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createManualClock, createServices, type AppServices } from "@rapport/api";
import { activityStats, recommendedPaths } from "@rapport/graph";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { askEveryTarget, tenantTargets } from "./ask-every-target.js";
import { BENCH_NOW, generateTenant } from "./generate-tenant.js";
import type { Scale } from "./scales.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-ask-"));
const opened: AppServices[] = [];
afterAll(async () => {
  for (const services of opened) await services.store.close();
  rmSync(folder, { recursive: true, force: true });
});

const tiny: Scale = { name: "S", users: 3, persons: 150, companies: 15, interactions: 1_500, opportunities: 20, pathTargets: 20 };

async function openGraph(databasePath: string, tenantUuid: string) {
  const services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
  opened.push(services);
  return services.store.graphs.forTenant(tenantUuid);
}

describe("askEveryTarget", () => {
  it("asks every live person and company, and leaves the graph answering as a fresh one", async () => {
    const databasePath = join(folder, "tiny.db");
    const tenant = await generateTenant(databasePath, tiny, 5);
    const targets = tenantTargets(databasePath, tenant.tenantUuid);
    // The synthetic persons and companies, plus the users' own person records.
    expect(targets.companies).toEqual([...tenant.companyUuids].sort());
    expect(targets.persons).toEqual(expect.arrayContaining(tenant.personUuids));
    expect(targets.persons.length).toBe(tenant.personUuids.length + tenant.userUuids.length);

    const asked = await openGraph(databasePath, tenant.tenantUuid);
    expect(askEveryTarget(asked, targets, BENCH_NOW)).toBe(targets.persons.length + targets.companies.length);

    const fresh = await openGraph(databasePath, tenant.tenantUuid);
    for (const uuid of [...targets.companies.slice(0, 5), ...targets.persons.slice(0, 20)]) {
      const entity = targets.companies.includes(uuid) ? ("company" as const) : ("person" as const);
      expect(recommendedPaths(asked, { entity, uuid }, { now: BENCH_NOW })).toEqual(recommendedPaths(fresh, { entity, uuid }, { now: BENCH_NOW }));
      expect(activityStats(asked, { entity, uuid }, { now: BENCH_NOW })).toEqual(activityStats(fresh, { entity, uuid }, { now: BENCH_NOW }));
    }
  }, 60_000);
});
