/**
 * The company list's fuzzy `name` retry: when no company's name holds the text, the closest names (misspellings, and a
 * legal form one side has and the other lacks), marked `nameMatch: "fuzzy"`; with the other filters, sorts, cursors and
 * totals, never another tenant's.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { CompanyListFilters, CompanyListRequest, Store } from "../store.js";

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

const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 50 };

function list(filters: CompanyListFilters, options: Partial<CompanyListRequest> = {}, tenant = tenantUuid) {
  return store.companies.list(tenant, { ...firstPage, filters, order: "asc", ...options });
}

async function found(filters: CompanyListFilters, options: Partial<CompanyListRequest> = {}, tenant = tenantUuid) {
  const page = await list(filters, options, tenant);
  return { names: page.rows.map((company) => company.company_name), nameMatch: page.nameMatch, total: page.total };
}

describe("the company list's fuzzy name retry", () => {
  it("keeps the substring first, and retries a misspelt name or one with or without a legal form", async () => {
    expect(await found({ name: "northwind" }, { sort_by: "company_name" })).toMatchObject({ names: ["Northwind Robotics", "Northwind Traders"], nameMatch: "exact" });
    expect(await found({ name: "Northwnd Robotcs" })).toMatchObject({ names: ["Northwind Robotics"], nameMatch: "fuzzy", total: 1 });
    expect(await found({ name: "Northwind Robotics Inc" })).toMatchObject({ names: ["Northwind Robotics"], nameMatch: "fuzzy" });
    expect(await found({ name: "Northwind Robotics, Inc." })).toMatchObject({ names: ["Northwind Robotics"], nameMatch: "fuzzy" });
    expect(await found({ name: "muller maschinenbau ag" })).toMatchObject({ names: ["Müller Maschinenbau GmbH"], nameMatch: "fuzzy" });
    expect(await found({ name: "zzzz qqqq" })).toMatchObject({ names: [], nameMatch: "fuzzy", total: 0 });
    expect((await list({})).nameMatch).toBeUndefined();
  });

  it("lists the closest first without a sort, in the sort's order with one", async () => {
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Northwinds" });
    expect((await found({ name: "Nortwind" })).names[0]).toBe("Northwinds");
    expect((await found({ name: "Nortwind" }, { sort_by: "company_name", order: "desc" })).names).toEqual(["Northwinds", "Northwind Traders", "Northwind Robotics"]);
  });

  it("combines with the other filters (AND) and pages by cursor with the total", async () => {
    expect(await found({ name: "Northwnd", city: "seattle" })).toMatchObject({ names: ["Northwind Traders"], nameMatch: "fuzzy", total: 1 });
    expect(await found({ name: "Northwnd Robotics", city: "seattle" })).toMatchObject({ names: [], nameMatch: "fuzzy" });
    const first = await list({ name: "Northwnd" }, { limit: 1 });
    expect(first).toMatchObject({ total: 2, nameMatch: "fuzzy" });
    const next = await list({ name: "Northwnd" }, { limit: 1, position: { kind: "after", key: first.lastKey! } });
    expect(next.nameMatch).toBe("fuzzy");
    expect([...first.rows, ...next.rows].map((company) => company.company_name).sort()).toEqual(["Northwind Robotics", "Northwind Traders"]);
  });

  it("never finds another tenant's companies", async () => {
    expect(await found({ name: "Initech Paymnts" })).toMatchObject({ names: [], nameMatch: "fuzzy" });
    expect((await found({ name: "Initech Paymnts" }, {}, otherTenantUuid)).names).toEqual(["Initech Payments Inc."]);
    expect((await found({ name: "Northwnd" }, {}, otherTenantUuid)).names).toEqual([]);
  });
});
