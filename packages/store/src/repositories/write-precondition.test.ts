import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

class Refused extends Error {}
const refuse = () => {
  throw new Refused("changed since read");
};

async function deal() {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  return store.opportunities.create({ tenant_uuid: tenantUuid, name: "Series A", type_uuid: type.uuid, stage_uuid: stage.uuid }, { user_uuid: null });
}

describe("a write's precondition, checked in its transaction", () => {
  it("is given the person as get answers it, and a throw from it writes nothing", async () => {
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@acme.example"] });
    const seen: unknown[] = [];
    await store.persons.update(tenantUuid, jane.uuid, { city: "Boston" }, { precondition: (current) => void seen.push(current) });
    expect(seen).toEqual([jane]);

    await expect(store.persons.update(tenantUuid, jane.uuid, { city: "Paris", emails: [{ address: "j@paris.example" }] }, { precondition: refuse })).rejects.toThrow(Refused);
    const after = await store.persons.get(tenantUuid, jane.uuid);
    expect(after).toMatchObject({ city: "Boston", emails: [{ address: "jane@acme.example" }] });
  });

  it("keeps a refused erasure from erasing the person", async () => {
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@acme.example"] });
    const seen: unknown[] = [];
    await expect(store.persons.erase(tenantUuid, jane.uuid, { precondition: (current) => (seen.push(current), refuse()) })).rejects.toThrow(Refused);
    expect(seen).toEqual([jane]);
    expect(await store.persons.get(tenantUuid, jane.uuid)).toEqual(jane);
  });

  it("is given the company as get answers it, and a throw from it writes nothing", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", city: null });
    const seen: unknown[] = [];
    await expect(store.companies.update(tenantUuid, globex.uuid, { city: "Boston" }, { precondition: (current) => (seen.push(current), refuse()) })).rejects.toThrow(Refused);
    expect(seen).toEqual([await store.companies.get(tenantUuid, globex.uuid)]);
    expect((await store.companies.get(tenantUuid, globex.uuid))?.city).toBeNull();
  });

  it("is given both persons of a merge as get answers them, and a throw from it merges nothing", async () => {
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@acme.example"] });
    const twin = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jd@home.example"] });
    const seen: unknown[] = [];
    const request = { tenant_uuid: tenantUuid, canonical_uuid: jane.uuid, superseded_uuid: twin.uuid, preview: false, merged_by_user_uuid: null };
    await expect(store.personMerges.merge(request, { precondition: (pair) => (seen.push(pair), refuse()) })).rejects.toThrow(Refused);
    expect(seen).toEqual([{ canonical: jane, superseded: twin }]);
    expect(await store.persons.get(tenantUuid, twin.uuid)).toEqual(twin);
  });

  it("is given both companies of a merge as get answers them, and a throw from it merges nothing", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" });
    const twin = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme Inc" });
    const seen: unknown[] = [];
    const request = { tenant_uuid: tenantUuid, canonical_uuid: acme.uuid, superseded_uuid: twin.uuid, preview: false, merged_by_user_uuid: null };
    await expect(store.companyMerges.merge(request, { precondition: (pair) => (seen.push(pair), refuse()) })).rejects.toThrow(Refused);
    expect(seen).toEqual([{ canonical: await store.companies.get(tenantUuid, acme.uuid), superseded: await store.companies.get(tenantUuid, twin.uuid) }]);
    expect(await store.companies.get(tenantUuid, twin.uuid)).not.toBeNull();
  });

  it("is given the opportunity as get answers it to the writer, after a member's rights, for an update and a delete", async () => {
    const created = await deal();
    const viewer = { user_uuid: null };
    const asRead = await store.opportunities.get(tenantUuid, created.uuid, viewer);
    const seen: unknown[] = [];
    const check = (current: unknown) => (seen.push(current), refuse());
    await expect(store.opportunities.update(tenantUuid, created.uuid, { next_step: "Call" }, viewer, viewer, { precondition: check })).rejects.toThrow(Refused);
    await expect(store.opportunities.delete(tenantUuid, created.uuid, { precondition: check, viewer })).rejects.toThrow(Refused);
    expect(seen).toEqual([asRead, asRead]);
    expect(await store.opportunities.get(tenantUuid, created.uuid, viewer)).toEqual(asRead);

    // A member who may not change it is refused for that first: the precondition is not asked.
    seen.length = 0;
    const member = "00000000-0000-4000-8000-000000000001";
    await expect(store.opportunities.update(tenantUuid, created.uuid, { next_step: "Call" }, viewer, viewer, { asMember: member, precondition: check })).rejects.not.toThrow(Refused);
    await expect(store.opportunities.delete(tenantUuid, created.uuid, { asMember: member, precondition: check })).rejects.not.toThrow(Refused);
    expect(seen).toEqual([]);
  });
});
