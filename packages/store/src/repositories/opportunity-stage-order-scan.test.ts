/**
 * Cursor scans of `opportunities.list` by stage while the pipeline changes between pages: a reorder refuses the next
 * page (it would skip or repeat opportunities nobody wrote); a stage created or renamed, or a reorder that keeps the
 * order, lets the scan go on and list each opportunity once; a cursor of the order before this version is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpportunityStage } from "../deal-records.js";
import { InvalidInputError } from "../errors.js";
import type { KeyValues } from "../pagination/keyset-page.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const viewer = { user_uuid: null };
let clock = Date.UTC(2026, 0, 1);
let store: Store;
beforeAll(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1) });
});
afterAll(() => store.close());

/** A tenant with three stages of one type and one opportunity in each. */
async function pipelineOfThree() {
  const tenantUuid = (await store.tenants.create({ name: "Stages", tier: "standard" })).uuid;
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stages: OpportunityStage[] = [];
  for (const name of ["Lead", "Pitch", "Won"]) stages.push(await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name }));
  for (const stage of stages) await store.opportunities.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_uuid: stage.uuid, name: `In ${stage.name}` }, viewer);
  const page = (after: KeyValues | null, search?: string) =>
    store.opportunities.list(tenantUuid, { filters: { search }, sort_by: "stage", order: "asc", viewer, limit: 1, position: after ? { kind: "after", key: after } : { kind: "offset", offset: 0 } });
  return { tenantUuid, type, stages, page };
}

describe("opportunities.list by stage: the pipeline changed between pages", () => {
  it("refuses the page after a reorder, which would list the first stage's deal again and skip the last's", async () => {
    const { tenantUuid, type, stages, page } = await pipelineOfThree();
    const first = await page(null);
    expect(first.rows.map((row) => row.name)).toEqual(["In Lead"]);
    await store.opportunityStages.reorder(tenantUuid, type.uuid, "PARENT", [stages[2]!.uuid, stages[1]!.uuid, stages[0]!.uuid]);
    const refused = page(first.lastKey);
    await expect(refused).rejects.toThrow(InvalidInputError);
    await expect(refused).rejects.toThrow(/^cursor no longer valid: the pipeline's stages were reordered since this scan by stage began/);
  });

  it("goes on through a stage created or renamed, and a reorder that keeps the order, each deal once", async () => {
    const { tenantUuid, type, stages, page } = await pipelineOfThree();
    const names: string[] = [];
    let listed = await page(null);
    const between = [
      async () => stages.push(await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lost" })),
      () => store.opportunityStages.update(tenantUuid, stages[1]!.uuid, { name: "Proposal" }),
      () => store.opportunityStages.reorder(tenantUuid, type.uuid, "PARENT", stages.map((stage) => stage.uuid)),
    ];
    for (let step = 0; ; step++) {
      names.push(...listed.rows.map((row) => row.name));
      if (!listed.hasMore) break;
      await between[step]?.();
      listed = await page(listed.lastKey);
    }
    expect(names).toEqual(["In Lead", "In Pitch", "In Won"]);
  });

  it("keeps to the order through a search's scan, exact or retried fuzzily, and refuses it after a reorder", async () => {
    const { tenantUuid, type, stages, page } = await pipelineOfThree();
    for (const search of ["in", "inn"]) {
      const names: string[] = [];
      let listed = await page(null, search);
      expect(listed.searchMatch).toBe(search === "in" ? "exact" : "fuzzy");
      for (;;) {
        names.push(...listed.rows.map((row) => row.name));
        if (!listed.hasMore) break;
        listed = await page(listed.lastKey, search);
      }
      expect(names).toEqual(stages.map((stage) => `In ${stage.name}`));
      const first = await page(null, search);
      await store.opportunityStages.reorder(tenantUuid, type.uuid, "PARENT", [...stages.map((stage) => stage.uuid)].reverse());
      stages.reverse();
      await expect(page(first.lastKey, search)).rejects.toThrow(/^cursor no longer valid: the pipeline's stages were reordered/);
    }
  });

  it("refuses a cursor of the sort values alone, as cursors by stage were before the order was carried", async () => {
    const { page } = await pipelineOfThree();
    const first = await page(null);
    const [, , ...sortValues] = first.lastKey!;
    await expect(page(sortValues)).rejects.toThrow(/^cursor no longer valid: opportunities by stage keep to the pipeline order their scan began with/);
  });
});
