/**
 * The opportunity list's `name` and `city` filters, as the specification has them: a case-insensitive substring
 * (every letter's case, not A–Z alone), nothing folded beyond case; never another tenant's.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpportunityListFilters } from "../deal-store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const viewer = { user_uuid: null };

let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

async function deal(tenant: string, name: string, city: string | null = null) {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const associations = [];
  if (city !== null) {
    const person = await store.persons.create({ tenant_uuid: tenant, name: `Contact in ${city}`, city });
    associations.push({ entity_type: "PERSON" as const, entity_uuid: person.uuid });
  }
  await store.opportunities.create({ tenant_uuid: tenant, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations }, viewer);
}

async function names(filters: OpportunityListFilters, tenant = tenantUuid): Promise<string[]> {
  const page = await store.opportunities.list(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, filters, sort_by: "name", order: "asc", viewer });
  return page.rows.map((row) => row.name);
}

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  await deal(tenantUuid, "Émile Zola Series A", "Zürich");
  await deal(tenantUuid, "Ørsted offshore", "Århus");
  await deal(tenantUuid, "Acme, Inc buyout", "Boston");
  await deal(otherTenantUuid, "Émile Zola (other tenant)", "Zürich");
});
afterEach(() => store.close());

describe("the opportunity list's name filter", () => {
  it("ignores the case of letters other than A–Z, not their accents", async () => {
    expect(await names({ name: "émile" })).toEqual(["Émile Zola Series A"]);
    expect(await names({ name: "ÉMILE ZOLA" })).toEqual(["Émile Zola Series A"]);
    expect(await names({ name: "øRSTED" })).toEqual(["Ørsted offshore"]);
    expect(await names({ name: "emile" })).toEqual([]);
    expect(await names({ name: "émile" }, otherTenantUuid)).toEqual(["Émile Zola (other tenant)"]);
  });

  it("is one substring in the order written, punctuation and wildcards counting", async () => {
    expect(await names({ name: "ACME, INC" })).toEqual(["Acme, Inc buyout"]);
    expect(await names({ name: "acme inc" })).toEqual([]);
    expect(await names({ name: "zola émile" })).toEqual([]);
    expect(await names({ name: "a%" })).toEqual([]);
  });
});

describe("the opportunity list's name and city filters in other scripts", () => {
  it("ignore case as Unicode folds it, and take composed and decomposed letters as one", async () => {
    await deal(tenantUuid, "ΟΔΥΣΣΕΑΣ bond", "İstanbul");
    await deal(tenantUuid, "Conceic\u0327a\u0303o refinancing", "Sa\u0303o Paulo");
    expect(await names({ name: "οδυσ" })).toEqual(["ΟΔΥΣΣΕΑΣ bond"]);
    expect(await names({ name: "ΟΔΥΣ" })).toEqual(["ΟΔΥΣΣΕΑΣ bond"]);
    expect(await names({ name: "conceição" })).toEqual(["Conceic\u0327a\u0303o refinancing"]);
    expect(await names({ name: "conceicao" })).toEqual([]);
    expect(await names({ location: { city: "istanbul" } })).toEqual(["ΟΔΥΣΣΕΑΣ bond"]);
    expect(await names({ location: { city: "são paulo" } })).toEqual(["Conceic\u0327a\u0303o refinancing"]);
  });
});

describe("the opportunity list's city filter", () => {
  it("ignores the case of every letter of an associated record's city, not its accents", async () => {
    expect(await names({ location: { city: "ZÜRICH" } })).toEqual(["Émile Zola Series A"]);
    expect(await names({ location: { city: "århus" } })).toEqual(["Ørsted offshore"]);
    expect(await names({ location: { city: "zurich" } })).toEqual([]);
    expect(await names({ location: { city: "BOSTON" } })).toEqual(["Acme, Inc buyout"]);
  });
});
