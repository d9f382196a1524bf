/**
 * The opportunity list's `search` retried fuzzily folds case as Unicode does (`foldCase`), not as Fuse.js's own lower
 * case: "iş bankası" finds "İş Bankası", whose "İ" JavaScript lower-cases to "i" and a combining dot.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const viewer = { user_uuid: null };
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

async function deal(tenant: string, name: string, companyName: string) {
  const company = await store.companies.create({ tenant_uuid: tenant, company_name: companyName });
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  await store.opportunities.create({ tenant_uuid: tenant, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: company.uuid }] }, viewer);
}

async function search(text: string, tenant = tenantUuid): Promise<string[]> {
  const page = await store.opportunities.list(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { search: text }, order: "asc", viewer });
  return page.rows.map((row) => row.name);
}

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  await deal(tenantUuid, "Sendikasyon 2027", "İş Bankası");
  await deal(tenantUuid, "Refinancing", "Straße & Söhne");
  await deal(tenantUuid, "Yen bond", "ＡＣＭＥ Japan");
  await deal(otherTenantUuid, "Sendikasyon (other tenant)", "İş Bankası");
});
afterEach(() => store.close());

describe("the opportunity search's fuzzy retry", () => {
  it("folds case in every script, Turkish dotted and dotless i and German ß included, and full-width letters", async () => {
    expect(await search("iş bankası")).toEqual(["Sendikasyon 2027"]);
    expect(await search("İŞ BANKASI")).toEqual(["Sendikasyon 2027"]);
    expect(await search("IS BANKASI")).toEqual([]);
    expect(await search("STRASSE söhne")).toEqual(["Refinancing"]);
    // Full-width letters, as Japanese input writes them, are their plain letters, either way round.
    expect(await search("acme")).toEqual(["Yen bond"]);
    expect(await search("ＪＡＰＡＮ")).toEqual(["Yen bond"]);
    expect(await search("iş bankası", otherTenantUuid)).toEqual(["Sendikasyon (other tenant)"]);
  });
});
