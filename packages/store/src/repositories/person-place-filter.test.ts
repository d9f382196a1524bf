/**
 * The person list's place filters (`city`, `country_spellings`, `state_spellings`, `state_codes`): the person's own
 * place, never their companies'; combined with the other filters and each other, as the company list reads them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { PersonListFilters, Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let munichCompany: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Tenant", tier: "standard" })).uuid;
  munichCompany = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Isar Capital", city: "Munich", country: "Germany", state: "Bavaria" })).uuid;
  const people = [
    { name: "Ada Munich", city: "München", state: "Bayern", country: "DE" },
    { name: "Bo Munich", city: "MUNICH", state: "Bavaria", country: "Germany" },
    { name: "Cy Perth", city: "Perth", state: "WA", country: "Australia" },
    { name: "Di Seattle", city: "Seattle", state: "WA", country: "United States" },
    { name: "Ed Nowhere", city: null, state: "WA", country: null },
  ];
  for (const person of people) await store.persons.create({ tenant_uuid: tenantUuid, ...person });
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Fay Placeless", primary_company_uuid: munichCompany });
});
afterEach(() => store.close());

async function names(filters: PersonListFilters): Promise<string[]> {
  const page = await store.persons.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters, sort_by: "name", order: "asc" });
  expect(page.total).toBe(page.rows.length);
  return page.rows.map((person) => person.name);
}

describe("persons.list by place", () => {
  it("finds the city as a substring in any letter's case, of the person's own place only", async () => {
    // Fay works at a Munich company but has no place of her own; accents count, as in the company list.
    expect(await names({ city: "munich" })).toEqual(["Bo Munich"]);
    expect(await names({ city: "MÜN" })).toEqual(["Ada Munich"]);
    expect(await names({ city: "m" })).toEqual(["Ada Munich", "Bo Munich"]);
  });

  it("matches a country in any of its spellings, ignoring case", async () => {
    expect(await names({ country_spellings: ["de", "deu", "germany"] })).toEqual(["Ada Munich", "Bo Munich"]);
    expect(await names({ country_spellings: [] })).toEqual([]);
  });

  it("reads a bare state code only where the person's country is the code's or unknown", async () => {
    const westernAustralia = { state_codes: [{ code: "WA", countries: ["au", "aus", "australia"] }] };
    expect(await names(westernAustralia)).toEqual(["Cy Perth", "Ed Nowhere"]);
    expect(await names({ state_spellings: ["bavaria", "bayern"] })).toEqual(["Ada Munich", "Bo Munich"]);
  });

  it("ANDs the place filters with each other and with the name", async () => {
    expect(await names({ state_spellings: ["bavaria", "bayern"], city: "münchen" })).toEqual(["Ada Munich"]);
    expect(await names({ country_spellings: ["germany"], name: "ada" })).toEqual([]);
    expect(await names({ country_spellings: ["de", "germany"], name: "ada" })).toEqual(["Ada Munich"]);
  });

  it("retries a misspelt name among the persons of the place, not among the tenant's closest names", async () => {
    // More exact "Jon Smyth"s elsewhere than the fuzzy retry keeps would leave no room for the one in Munich.
    for (let index = 0; index < 205; index++) await store.persons.create({ tenant_uuid: tenantUuid, name: "Jon Smyth", city: "Berlin" });
    await store.persons.create({ tenant_uuid: tenantUuid, name: "John Smith", city: "Munich" });
    expect(await names({ name: "jon smyth", city: "munich" })).toEqual(["John Smith"]);
  });

  it("never lists another tenant's persons", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await store.persons.create({ tenant_uuid: other, name: "Their Munich", city: "Munich" });
    expect(await names({ city: "munich" })).toEqual(["Bo Munich"]);
  });
});
