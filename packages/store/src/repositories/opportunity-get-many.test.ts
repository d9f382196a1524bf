/**
 * `opportunities.getMany`: the live ones of some opportunities, each as `get` answers it, their rows read in one
 * statement by key (under statistics like benchmark scale L's too), never another tenant's or a deleted one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-opportunity-get-many-"));
const path = join(folder, "opportunities.db");
const viewer = { user_uuid: null };
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;
let live: string[];
let deleted: string;
let othersOpportunity: string;

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  const deals = async (tenant: string, names: string[]) => {
    const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const jane = await store.persons.create({ tenant_uuid: tenant, name: "Jane Doe" });
    const created: string[] = [];
    for (const [index, name] of names.entries()) {
      const opportunity = await store.opportunities.create(
        { tenant_uuid: tenant, name, type_uuid: type.uuid, stage_uuid: stage.uuid, value: 1_000 * (index + 1), associations: [{ entity_type: "PERSON", entity_uuid: jane.uuid }] },
        viewer,
      );
      created.push(opportunity.uuid);
    }
    return created;
  };
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
  const ours = await deals(tenantUuid, ["Seed", "Series A", "Series B", "Series C"]);
  othersOpportunity = (await deals(otherTenantUuid, ["Globex deal"]))[0]!;
  deleted = ours[2]!;
  await store.opportunities.delete(tenantUuid, deleted);
  live = ours.filter((uuid) => uuid !== deleted);
}, 60_000);

afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("opportunities.getMany", () => {
  it("answers each live opportunity as get does, and leaves out deleted, unknown and other tenants' ones", async () => {
    const unknown = "00000000-0000-4000-8000-000000000001";
    const found = await store.opportunities.getMany(tenantUuid, [live[2]!, deleted, unknown, othersOpportunity, live[0]!, live[1]!, live[0]!], viewer);
    expect([...found.keys()].sort()).toEqual([...live].sort());
    for (const uuid of live) expect(found.get(uuid)).toEqual(await store.opportunities.get(tenantUuid, uuid, viewer));
    expect((await store.opportunities.getMany(tenantUuid, [], viewer)).size).toBe(0);
    expect((await store.opportunities.getMany(otherTenantUuid, live, viewer)).size).toBe(0);
  });

  it("reads the rows in one statement, each by its key under scale L's statistics", async () => {
    const reads = await readDuring(() => store.opportunities.getMany(tenantUuid, live, viewer));
    const rows = reads.filter((source) => /^select \* from "opportunities" where/i.test(source));
    expect(rows).toHaveLength(1);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      const plan = planOf(sqlite, rows[0]!);
      expect(plan).toMatch(/^SEARCH opportunities USING INDEX \S+ \(uuid=\?\)$/);
      expect(tenantWalksIn(plan)).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
