/**
 * The opportunity search's fuzzy retry remembers the folded search documents it reads (migration 0067): a
 * retry reads only the documents it has not seen since a document was last written, and a rename or a new link
 * shows in the next retry.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { readDuring } from "../testing/sqlite-plans.js";

const viewer = { user_uuid: null };
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;
let companyUuid: string;

async function deal(tenant: string, name: string, companyName: string): Promise<{ company: string; deal: string }> {
  const company = await store.companies.create({ tenant_uuid: tenant, company_name: companyName });
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const created = await store.opportunities.create(
    { tenant_uuid: tenant, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: company.uuid }] },
    viewer,
  );
  return { company: company.uuid, deal: created.uuid };
}

async function search(text: string, tenant = tenantUuid): Promise<string[]> {
  const page = await store.opportunities.list(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { search: text }, order: "asc", viewer });
  return page.rows.map((row) => row.name);
}

/** How many statements of `run` read the text of search documents. */
async function documentReads(run: () => Promise<unknown>): Promise<number> {
  const sources = await readDuring(run);
  return sources.filter((source) => /^select .*"document".* from/is.test(source)).length;
}

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  companyUuid = (await deal(tenantUuid, "Refinancing", "Narayanan Holdings")).company;
  await deal(tenantUuid, "Bridge loan", "Harbour Capital");
  await deal(otherTenantUuid, "Refinancing (other tenant)", "Narayanan Holdings");
});
afterEach(() => store.close());

describe("the opportunity search's fuzzy retry", () => {
  it("reads the documents once while none is written", async () => {
    expect(await documentReads(async () => expect(await search("naraynan holdngs")).toEqual(["Refinancing"]))).toBe(1);
    expect(await documentReads(async () => expect(await search("naraynan holdngs")).toEqual(["Refinancing"]))).toBe(0);
    expect(await documentReads(async () => expect(await search("harbur capitl")).toEqual(["Bridge loan"]))).toBe(0);
    // Another tenant's documents are its own.
    expect(await search("naraynan holdngs", otherTenantUuid)).toEqual(["Refinancing (other tenant)"]);
    expect(await search("naraynan holdngs")).toEqual(["Refinancing"]);
  });

  it("matches a renamed company, a new link and a renamed opportunity at the next retry", async () => {
    expect(await search("naraynan holdngs")).toEqual(["Refinancing"]);
    await store.companies.update(tenantUuid, companyUuid, { company_name: "Sunrise Partners" });
    expect(await search("naraynan holdngs")).toEqual([]);
    expect(await search("sunrse partnrs")).toEqual(["Refinancing"]);

    const bridge = (await search("harbur capitl")).length;
    expect(bridge).toBe(1);
    const page = await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: { search: "bridge" }, order: "asc", viewer });
    const bridgeUuid = page.rows[0]!.uuid;
    await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: bridgeUuid }, { type: "COMPANY", uuid: companyUuid }, viewer);
    expect((await search("sunrse partnrs")).sort()).toEqual(["Bridge loan", "Refinancing"]);

    await store.opportunities.update(tenantUuid, bridgeUuid, { name: "Mezzanine tranche" }, viewer, viewer);
    expect(await search("mezanine tranch")).toEqual(["Mezzanine tranche"]);
  });
});
