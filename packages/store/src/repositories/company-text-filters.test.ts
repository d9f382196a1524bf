/**
 * The company list's text filters, as the specification has them: a case-insensitive substring (every letter's
 * case, not A–Z alone), nothing folded beyond case; never another tenant's.
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

describe("the company list's text filters", () => {
  it("find the text as a substring of the name, ignoring case, in the order written", async () => {
    expect(await names("acme inc")).toEqual(["Acme Inc."]);
    expect(await names("ACME, INC")).toEqual(["Acme, Inc"]);
    expect(await names("Inc, Acme")).toEqual([]);
    expect(await names("acme group")).toEqual(["The Acme Group"]);
    // In name order, whatever the case (migration 0064); "Acme Inc." and "Acme, Inc" fold alike and keep their spelling's order.
    expect(await names("ACME")).toEqual(["Acme Corporation", "ACME GmbH", "Acme Inc.", "Acme, Inc", "The Acme Group"]);
    expect(await names("cme co")).toEqual(["Acme Corporation"]);
    expect(await names("100%")).toEqual([]);
  });

  it("ignore the case of letters other than A–Z, not their accents", async () => {
    expect(await names("SOCIÉTÉ")).toEqual(["Société Générale"]);
    expect(await names("générale")).toEqual(["Société Générale"]);
    expect(await names("sOcIéTé gÉnÉrAlE")).toEqual(["Société Générale"]);
    expect(await names("societe")).toEqual([]);
    expect(await names("société", otherTenantUuid)).toEqual([]);
  });

  it("keep punctuation, and hold the city and a domain to the same rule", async () => {
    const create = (company_name: string, city: string | null = null) => store.companies.create({ tenant_uuid: tenantUuid, company_name, city });
    await create("O'Reilly Media", "Zürich");
    await create("Ørsted A/S", "Fredericia");
    expect(await names("o'reilly")).toEqual(["O'Reilly Media"]);
    expect(await names("oreilly")).toEqual([]);
    expect(await names("ØRSTED a/s")).toEqual(["Ørsted A/S"]);
    const list = async (filters: Record<string, string>) =>
      (await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters, sort_by: "company_name", order: "asc" })).rows.map(
        (company) => company.company_name,
      );
    expect(await list({ city: "ZÜRICH" })).toEqual(["O'Reilly Media"]);
    expect(await list({ city: "zurich" })).toEqual([]);
    expect(await list({ domain: "ACME.COM" })).toEqual(["Acme Inc."]);
    expect(await list({ domain: "acmecom" })).toEqual([]);
    // A domain given as the name is no name: the name filter is a substring of the name alone.
    expect(await names("acme.com")).toEqual([]);
  });

  it("ignore case as Unicode folds it in every script, and take composed and decomposed letters as one", async () => {
    const create = (company_name: string, city: string | null = null) => store.companies.create({ tenant_uuid: tenantUuid, company_name, city });
    await create("ΟΔΥΣΣΕΑΣ ΝΑΥΤΙΛΙΑΚΗ", "Πειραιάς");
    await create("İş Bankası", "İstanbul");
    await create("Straße & Söhne", "Berlin");
    await create("Oﬃce Partners");
    await create("Itau\u0301 Unibanco", "Sa\u0303o Paulo");
    expect(await names("ΟΔΥΣ")).toEqual(["ΟΔΥΣΣΕΑΣ ΝΑΥΤΙΛΙΑΚΗ"]);
    expect(await names("οδυσσεας ναυτ")).toEqual(["ΟΔΥΣΣΕΑΣ ΝΑΥΤΙΛΙΑΚΗ"]);
    expect(await names("iş bankası")).toEqual(["İş Bankası"]);
    expect(await names("İŞ BANKASI")).toEqual(["İş Bankası"]);
    expect(await names("STRASSE")).toEqual(["Straße & Söhne"]);
    expect(await names("office")).toEqual(["Oﬃce Partners"]);
    expect(await names("itaú")).toEqual(["Itau\u0301 Unibanco"]);
    expect(await names("itau")).toEqual([]);
    expect(await names("Socie\u0301te\u0301")).toEqual(["Société Générale"]);
    const cities = async (city: string) =>
      (await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { city }, sort_by: "company_name", order: "asc" })).rows.map(
        (company) => company.company_name,
      );
    expect(await cities("istanbul")).toEqual(["İş Bankası"]);
    expect(await cities("SÃO PAULO")).toEqual(["Itau\u0301 Unibanco"]);
    expect(await cities("sao paulo")).toEqual([]);
    // Greek capitals are written without accents: "ΠΕΙΡΑΙΑΣ" is "Πειραιάς" in capitals.
    expect(await cities("ΠΕΙΡΑΙΑΣ")).toEqual(["ΟΔΥΣΣΕΑΣ ΝΑΥΤΙΛΙΑΚΗ"]);
    expect(await names("Οδυσσέας")).toEqual(["ΟΔΥΣΣΕΑΣ ΝΑΥΤΙΛΙΑΚΗ"]);
  });

  it("never find another tenant's companies", async () => {
    expect(await names("acme inc")).not.toContain("Acme Inc. (other tenant)");
    expect(await names("acme inc", otherTenantUuid)).toEqual(["Acme Inc. (other tenant)"]);
  });
});
