/**
 * A company that changes its domain (acme.com to acme.io) is still found by the one it had: the lookups by domain
 * (imports' `matchKeys.companyByDomain`, `persons.findByDomain`) and the record's `companies.formerDomains`, which a
 * client may also write (`former_domains`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { FORMER_DOMAINS_KEPT } from "./company-repository.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;
let clock = 1_000;
beforeEach(async () => {
  clock = 1_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Rapport", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
});
afterEach(() => store.close());

describe("a company's former domains", () => {
  it("keep the newest FORMER_DOMAINS_KEPT: a change beyond them forgets the one left longest ago", async () => {
    const moving = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Moving", domain: "d0.example" });
    for (let step = 1; step <= FORMER_DOMAINS_KEPT + 1; step += 1) {
      clock += 1;
      await store.companies.update(tenantUuid, moving.uuid, { domain: `d${step}.example` });
    }
    const kept = (await store.companies.formerDomains(tenantUuid, [moving.uuid])).get(moving.uuid)!;
    expect(kept).toHaveLength(FORMER_DOMAINS_KEPT);
    expect([kept[0], kept.at(-1)]).toEqual([`d${FORMER_DOMAINS_KEPT}.example`, "d1.example"]);
    expect(await store.matchKeys.companyByDomain(tenantUuid, "d0.example")).toBeNull();
    expect((await store.matchKeys.companyByDomain(tenantUuid, "d1.example"))?.uuid).toBe(moving.uuid);
  });

  it("are remembered when its domain changes, most recently left first, and a domain set again is current only", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.com" });
    clock = 2_000;
    await store.companies.update(tenantUuid, acme.uuid, { company_name: "Acme Corp" });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map());
    await store.companies.update(tenantUuid, acme.uuid, { domain: "https://www.Acme.io/" });
    clock = 3_000;
    await store.companies.update(tenantUuid, acme.uuid, { domain: "acme.ai" });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme.io", "acme.com"]]]));
    clock = 4_000;
    await store.companies.update(tenantUuid, acme.uuid, { domain: "ACME.com" });
    expect((await store.companies.get(tenantUuid, acme.uuid))?.domain).toBe("acme.com");
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme.ai", "acme.io"]]]));
    // Cleared: the domain it had is a former one too.
    clock = 5_000;
    await store.companies.update(tenantUuid, acme.uuid, { domain: null });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme.com", "acme.ai", "acme.io"]]]));
    expect(await store.companies.formerDomains(otherTenantUuid, [acme.uuid])).toEqual(new Map());
  });

  it("given on create or update replace the list, in their order, and never hold the current domain", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.io", former_domains: ["acme.com", "www.acme.net", "ACME.com"] });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme.com", "acme.net"]]]));
    clock = 2_000;
    // Sent beside a new domain, the list is what was sent, and the domain left joins it first: a client writing back
    // the list it read with a new domain must not lose the old one as a match key.
    await store.companies.update(tenantUuid, acme.uuid, { domain: "acme.ai", former_domains: ["acme.net"] });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme.io", "acme.net"]]]));
    expect((await store.matchKeys.companyByDomain(tenantUuid, "acme.io"))?.uuid).toBe(acme.uuid);
    await store.companies.update(tenantUuid, acme.uuid, { former_domains: ["acme.net"] });
    await expect(store.companies.update(tenantUuid, acme.uuid, { company_name: "Acme Two", former_domains: ["acme.ai"] })).rejects.toThrow(
      `companies.update: "former_domains" holds 'acme.ai', the company's current domain`,
    );
    expect((await store.companies.get(tenantUuid, acme.uuid))?.company_name).toBe("Acme");
    await expect(store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", domain: "globex.com", former_domains: ["globex.com"] })).rejects.toThrow(InvalidInputError);
    await store.companies.update(tenantUuid, acme.uuid, { former_domains: [] });
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map());
    expect(await store.matchKeys.companyByDomain(tenantUuid, "acme.net")).toBeNull();
  });

  it("find the company that moved, after any company holding the domain now, and never another tenant's", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.com" });
    await store.companies.update(tenantUuid, acme.uuid, { domain: "acme.io" });
    expect((await store.matchKeys.companyByDomain(tenantUuid, "acme.io"))?.uuid).toBe(acme.uuid);
    expect((await store.matchKeys.companyByDomain(tenantUuid, "ACME.com"))?.uuid).toBe(acme.uuid);
    expect((await store.matchKeys.companyByDomain(tenantUuid, "www.acme.com"))?.uuid).toBe(acme.uuid);
    expect(await store.matchKeys.companyByDomain(otherTenantUuid, "acme.com")).toBeNull();

    // Another company given the domain now holds it: the current domain comes first.
    clock = 2_000;
    const successor = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme Labs", domain: "acme.com" });
    expect((await store.matchKeys.companyByDomain(tenantUuid, "acme.com"))?.uuid).toBe(successor.uuid);
    // When it moves on too, the company that left the domain last is the one it names.
    clock = 3_000;
    await store.companies.update(tenantUuid, successor.uuid, { domain: "acmelabs.com" });
    expect((await store.matchKeys.companyByDomain(tenantUuid, "acme.com"))?.uuid).toBe(successor.uuid);
  });

  it("find the persons currently at the company that moved, by its former domain", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.com" });
    const carol = await store.persons.create({ tenant_uuid: tenantUuid, name: "Carol", primary_company_uuid: acme.uuid, emails: ["carol@acme.io"] });
    await store.companies.update(tenantUuid, acme.uuid, { domain: "acme.io" });
    expect(await store.persons.findByDomain(tenantUuid, "acme.com", 10)).toEqual({ uuids: [carol.uuid], total: 1 });
    expect(await store.persons.findByDomain(otherTenantUuid, "acme.com", 10)).toEqual({ uuids: [], total: 0 });
  });
});
