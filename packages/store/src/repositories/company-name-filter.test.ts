/**
 * The company list's `name` filter: every word in the name, in any order and case, split at punctuation; a domain
 * also finds its company; never another tenant's.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

const COMPANIES: Array<[string, string | null]> = [
  ["Acme Inc.", "acme.com"],
  ["Acme, Inc", null],
  ["ACME GmbH", "acme.de"],
  ["Acme Corporation", null],
  ["The Acme Group", null],
  ["Globex", "globex.com"],
  ["Société Générale", "societegenerale.fr"],
];

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  for (const [company_name, domain] of COMPANIES) await store.companies.create({ tenant_uuid: tenantUuid, company_name, domain });
  await store.companies.create({ tenant_uuid: otherTenantUuid, company_name: "Acme Inc. (other tenant)", domain: "acme-other.com" });
});
afterEach(() => store.close());

async function names(name: string, tenant = tenantUuid): Promise<string[]> {
  const page = await store.companies.list(tenant, {
    position: { kind: "offset", offset: 0 },
    limit: 50,
    filters: { name },
    sort_by: "company_name",
    order: "asc",
  });
  return page.rows.map((company) => company.company_name);
}

describe("the company list's name filter", () => {
  it("needs every word in the name, in any order, ignoring punctuation between them", async () => {
    expect(await names("acme inc")).toEqual(["Acme Inc.", "Acme, Inc"]);
    expect(await names("Acme Inc.")).toEqual(["Acme Inc.", "Acme, Inc"]);
    expect(await names("Inc, Acme")).toEqual(["Acme Inc.", "Acme, Inc"]);
    expect(await names("acme group")).toEqual(["The Acme Group"]);
    expect(await names("ACME")).toEqual(["ACME GmbH", "Acme Corporation", "Acme Inc.", "Acme, Inc", "The Acme Group"]);
    expect(await names("acme gmbh inc")).toEqual([]);
  });

  it("finds letters other than A–Z in any case, with or without their accents", async () => {
    expect(await names("SOCIÉTÉ")).toEqual(["Société Générale"]);
    expect(await names("générale")).toEqual(["Société Générale"]);
    expect(await names("societe generale")).toEqual(["Société Générale"]);
    expect(await names("SOCIETE")).toEqual(["Société Générale"]);
    expect(await names("societe", otherTenantUuid)).toEqual([]);
  });

  it("ignores the punctuation inside a name, and folds the city and description as the name", async () => {
    const create = (company_name: string, city: string | null = null) => store.companies.create({ tenant_uuid: tenantUuid, company_name, city });
    await create("O'Reilly Media", "Zürich");
    await create("Ørsted A/S", "Fredericia");
    expect(await names("oreilly")).toEqual(["O'Reilly Media"]);
    expect(await names("orsted as")).toEqual(["Ørsted A/S"]);
    const inCity = async (city: string) =>
      (await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { city }, sort_by: "company_name", order: "asc" })).rows.map(
        (company) => company.company_name,
      );
    expect(await inCity("zurich")).toEqual(["O'Reilly Media"]);
    expect(await inCity("ZÜRICH")).toEqual(["O'Reilly Media"]);
  });

  it("finds a company by its domain given as the name", async () => {
    expect(await names("acme.com")).toEqual(["Acme Inc."]);
    expect(await names("https://www.ACME.de/about")).toEqual(["ACME GmbH"]);
    expect(await names("globex.com")).toEqual(["Globex"]);
    expect(await names("acme-other.com")).toEqual([]);
    expect(await names("acme-other.com", otherTenantUuid)).toEqual(["Acme Inc. (other tenant)"]);
  });

  it("never finds another tenant's companies", async () => {
    expect(await names("acme inc")).not.toContain("Acme Inc. (other tenant)");
    expect(await names("acme inc", otherTenantUuid)).toEqual(["Acme Inc. (other tenant)"]);
  });
});
