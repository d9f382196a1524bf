/**
 * The companies closest to a `name` the company list lacks (`companies.nameSuggestions`): misspellings, and a legal
 * form one side has and the other lacks; with the other filters, closest first, never another tenant's. The list itself
 * stays the substring.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { CompanyListFilters, Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  for (const [company_name, city] of [
    ["Northwind Robotics", "Boston"],
    ["Northwind Traders", "Seattle"],
    ["Müller Maschinenbau GmbH", "Stuttgart"],
    ["Globex Health", "London"],
  ]) await store.companies.create({ tenant_uuid: tenantUuid, company_name: company_name!, city });
  await store.companies.create({ tenant_uuid: otherTenantUuid, company_name: "Initech Payments Inc." });
});
afterEach(() => store.close());

async function suggested(filters: CompanyListFilters, tenant = tenantUuid, limit = 5): Promise<string[]> {
  return (await store.companies.nameSuggestions(tenant, filters, limit)).map((company) => company.company_name);
}

describe("companies.nameSuggestions", () => {
  it("finds a misspelt name, or one with or without a legal form, that the list's substring does not", async () => {
    const page = await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { name: "Northwind Robotics Inc" }, sort_by: "service_updated_at", order: "asc" });
    expect(page).toMatchObject({ rows: [], total: 0 });
    expect(await suggested({ name: "Northwind Robotics Inc" })).toEqual(["Northwind Robotics"]);
    expect(await suggested({ name: "Northwnd Robotcs" })).toEqual(["Northwind Robotics"]);
    expect(await suggested({ name: "Northwind Robotics, Inc." })).toEqual(["Northwind Robotics"]);
    expect(await suggested({ name: "muller maschinenbau ag" })).toEqual(["Müller Maschinenbau GmbH"]);
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme Ltd." });
    expect(await suggested({ name: "Acme GmbH" })).toEqual(["Acme Ltd."]);
    expect(await suggested({ name: "zzzz qqqq" })).toEqual([]);
    expect(await suggested({})).toEqual([]);
  });

  it("lists the closest first, at most the limit", async () => {
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Northwinds" });
    expect(await suggested({ name: "Nortwinds" })).toEqual(expect.arrayContaining(["Northwinds", "Northwind Robotics", "Northwind Traders"]));
    expect((await suggested({ name: "Nortwinds" }))[0]).toBe("Northwinds");
    expect(await suggested({ name: "Nortwinds" }, tenantUuid, 1)).toEqual(["Northwinds"]);
  });

  it("combines with the other filters (AND), and never suggests another tenant's companies", async () => {
    expect(await suggested({ name: "Northwnd", city: "seattle" })).toEqual(["Northwind Traders"]);
    expect(await suggested({ name: "Northwnd Robotics", city: "seattle" })).toEqual([]);
    expect(await suggested({ name: "Initech Paymnts" })).toEqual([]);
    // Two words starting with vowels are not alike for that: "Acme GmbH" suggested "Initech Payments".
    expect(await suggested({ name: "Acme GmbH" }, otherTenantUuid)).toEqual([]);
    expect(await suggested({ name: "Initech Paymnts" }, otherTenantUuid)).toEqual(["Initech Payments Inc."]);
    expect(await suggested({ name: "Northwnd" }, otherTenantUuid)).toEqual([]);
  });

  it("never suggests a company merged away, also when the names were remembered before the merge", async () => {
    const globexLabs = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex Labs" });
    const globex = (await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1, filters: { name: "Globex Health" }, sort_by: "company_name", order: "asc" })).rows[0]!;
    expect(await suggested({ name: "Globx" })).toEqual(expect.arrayContaining(["Globex Health", "Globex Labs"]));
    await store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: globex.uuid, superseded_uuid: globexLabs.uuid, preview: false, merged_by_user_uuid: null });
    expect(await suggested({ name: "Globx" })).toEqual(["Globex Health"]);
  });
});
