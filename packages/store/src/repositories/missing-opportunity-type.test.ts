/** A top-level opportunity sent without `type_uuid` is refused with its stage's type, or else the tenant's visible types to choose from. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const NOW = Date.UTC(2026, 11, 5);
const viewer = { user_uuid: null };
let store: Store;
let tenantUuid: string;
let clock = NOW;

beforeEach(async () => {
  clock = NOW;
  store = await createSqliteStore({ path: ":memory:", now: () => clock++ });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

// The stage is checked after the type: any uuid does.
const createWithoutType = () => store.opportunities.create({ tenant_uuid: tenantUuid, name: "Deal", stage_uuid: "00000000-0000-4000-8000-000000000000" }, viewer);

describe("a top-level opportunity without type_uuid", () => {
  it("says how to make a type when the tenant has none", async () => {
    await expect(createWithoutType()).rejects.toThrow(
      "type_uuid is required for a top-level opportunity; the tenant has no opportunity type yet: create one with POST /v1/opportunity-types",
    );
  });

  it("names the first five visible types in creation order, and where the rest are", async () => {
    const labels = ["Fundraising", "Secret", "Hiring", "Partnership", "M&A", "Debt", "Grant"];
    const types = [];
    for (const label of labels) types.push(await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label, is_hidden: label === "Secret" }));
    const named = types.filter((type) => type.label !== "Secret").slice(0, 5);
    await expect(createWithoutType()).rejects.toThrow(
      `type_uuid is required for a top-level opportunity; the tenant's types: ${named.map((type) => `'${type.label}' ${type.uuid}`).join(", ")}, ... (all in GET /v1/opportunity-types)`,
    );
  });

  it("names the type of a stage of the tenant, and its level when it is a CHILD stage, but not another tenant's", async () => {
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Fundraising", subopportunities_enabled: true });
    const parentStage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, name: "Lead", stage_type: "PARENT" });
    const childStage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, name: "Call", stage_type: "CHILD" });
    const create = (tenant: string, stageUuid: string) => store.opportunities.create({ tenant_uuid: tenant, name: "Deal", stage_uuid: stageUuid }, viewer);
    await expect(create(tenantUuid, parentStage.uuid)).rejects.toThrow(
      `type_uuid is required for a top-level opportunity; stage ${parentStage.uuid} is of the type 'Fundraising': send type_uuid ${type.uuid} with it`,
    );
    await expect(create(tenantUuid, childStage.uuid)).rejects.toThrow(
      `stage ${childStage.uuid} is of the type 'Fundraising': send type_uuid ${type.uuid} with it (a CHILD stage: a sub-opportunity takes parent_uuid and its parent's type)`,
    );
    const globex = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    await expect(create(globex, parentStage.uuid)).rejects.toThrow(
      "type_uuid is required for a top-level opportunity; the tenant has no opportunity type yet: create one with POST /v1/opportunity-types",
    );
  });
});
