/**
 * Company merges in the store: two records of one company become one, the canonical company holding the people,
 * tenures, links, lists, tags, fields and domains of both, in one transaction; a preview persists nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createLinkedDealsTenant, createLinkedOpportunities, type LinkedDealsTenant } from "../testing/linked-deals.js";
import { FORMER_DOMAINS_KEPT } from "./company-repository.js";

const START = Date.UTC(2026, 11, 1);
let clock = START;
let store: Store;
let tenant: LinkedDealsTenant;
let acme: string;
let acmeDuplicate: string;

beforeEach(async () => {
  clock = START;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenant = await createLinkedDealsTenant(store, 2, [0, 1]);
  [acme, acmeDuplicate] = tenant.companies as [string, string];
  clock += 1_000;
});
afterEach(() => store.close());

const merge = (preview = false, canonical = acme, superseded = acmeDuplicate, tenantUuid = tenant.tenantUuid) =>
  store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview, merged_by_user_uuid: null });

async function tenuresOf(personUuid: string) {
  const affiliations = (await store.affiliations.listForPersons(tenant.tenantUuid, [personUuid])).get(personUuid) ?? [];
  return affiliations.map(({ company_uuid, is_current, title, started_on, ended_on }) => ({ company_uuid, is_current, title, started_on, ended_on }));
}

describe("companyMerges.merge", () => {
  it("moves the people, primary companies and opportunity links to the canonical company and removes the superseded one", async () => {
    const [deal] = await createLinkedOpportunities(store, tenant, [{ persons: [], companies: [1] }]);
    const outcome = await merge();
    expect(outcome.moved).toMatchObject({ affiliations: 1, primary_company_persons: 1, deal_references: 1 });
    expect(await store.companies.get(tenant.tenantUuid, acmeDuplicate)).toBeNull();
    expect(await store.companyMerges.mergedInto(tenant.tenantUuid, acmeDuplicate)).toBe(acme);
    const members = await store.affiliations.listCurrent(tenant.tenantUuid, { company_uuid: acme });
    expect(members.map((member) => member.person_uuid).sort()).toEqual([...tenant.persons].sort());
    const moved = (await store.persons.get(tenant.tenantUuid, tenant.persons[1]!))!;
    expect(moved.primary_company_uuid).toBe(acme);
    expect(moved.service_updated_at).toBe(clock);
    expect((await store.associations.opportunitiesOf(tenant.tenantUuid, "COMPANY", [acme])).get(acme)).toEqual([deal]);
    expect((await store.associations.opportunitiesOf(tenant.tenantUuid, "COMPANY", [acmeDuplicate])).size).toBe(0);
    expect(outcome.merged.service_updated_at).toBe(clock);
    expect(outcome.graph_changes).toEqual([{ type: "set-person-affiliations", personUuid: tenant.persons[1], companyUuids: [acme] }]);
  });

  it("keeps one link for an opportunity linked to both companies", async () => {
    const [deal] = await createLinkedOpportunities(store, tenant, [{ persons: [], companies: [0, 1] }]);
    await merge();
    const opportunity = (await store.opportunities.get(tenant.tenantUuid, deal!, { user_uuid: null }))!;
    expect(opportunity.associations.filter((link) => link.entity_type === "COMPANY").map((link) => link.entity_uuid)).toEqual([acme]);
  });

  it("recomputes the company date of the canonical company's opportunities from the people it took over", async () => {
    const [deal] = await createLinkedOpportunities(store, tenant, [{ persons: [], companies: [0] }]);
    const sentAt = START - 60_000;
    // Person 1 works at the duplicate: their mail counted for it alone until the merge.
    await store.emails.ingest(tenant.tenantUuid, { message_id: "m1", sent_at: sentAt, from: { email: "p1@example.com" }, to: [{ email: "outsider@example.org" }] });
    const before = (await store.opportunities.get(tenant.tenantUuid, deal!, { user_uuid: null }))!;
    expect(before.company_last_activity_at).toBeNull();
    await merge();
    const after = (await store.opportunities.get(tenant.tenantUuid, deal!, { user_uuid: null }))!;
    expect(after.company_last_activity_at).toBe(sentAt);
  });

  it("joins a person's tenures at both companies into one, current if either is, from the earlier start", async () => {
    const person = await store.persons.create({
      tenant_uuid: tenant.tenantUuid,
      name: "Pat Both",
      affiliations: [
        { company_uuid: acme, title: "Engineer", is_current: false, started_on: "2018-01-01", ended_on: "2021-06-30" },
        { company_uuid: acmeDuplicate, title: "Staff Engineer", is_current: true, started_on: "2019-01-01" },
      ],
    });
    await merge();
    expect(await tenuresOf(person.uuid)).toEqual([{ company_uuid: acme, is_current: true, title: "Staff Engineer", started_on: "2018-01-01", ended_on: null }]);
  });

  it("keeps a past tenure that ended before the other began apart (someone who left and came back)", async () => {
    const person = await store.persons.create({
      tenant_uuid: tenant.tenantUuid,
      name: "Robin Returner",
      affiliations: [
        { company_uuid: acme, title: "Analyst", is_current: false, started_on: "2015-01-01", ended_on: "2016-12-31" },
        { company_uuid: acmeDuplicate, title: "Director", is_current: true, started_on: "2022-03-01" },
      ],
    });
    await merge();
    expect(await tenuresOf(person.uuid)).toEqual([
      { company_uuid: acme, is_current: true, title: "Director", started_on: "2022-03-01", ended_on: null },
      { company_uuid: acme, is_current: false, title: "Analyst", started_on: "2015-01-01", ended_on: "2016-12-31" },
    ]);
  });

  it("keeps two past tenures years apart as two, and joins two that overlap into one from the earlier start to the later end", async () => {
    const twice = await store.persons.create({
      tenant_uuid: tenant.tenantUuid,
      name: "Twice Gone",
      affiliations: [
        { company_uuid: acme, is_current: false, started_on: "2010-01-01", ended_on: "2012-06-30" },
        { company_uuid: acmeDuplicate, is_current: false, started_on: "2018-01-01", ended_on: "2019-12-31" },
      ],
    });
    const overlapping = await store.persons.create({
      tenant_uuid: tenant.tenantUuid,
      name: "Once Gone",
      affiliations: [
        { company_uuid: acme, title: "Analyst", is_current: false, started_on: "2014-01-01", ended_on: "2016-06-30" },
        { company_uuid: acmeDuplicate, title: "Associate", is_current: false, started_on: "2015-01-01", ended_on: "2017-03-31" },
      ],
    });
    await merge();
    expect((await tenuresOf(twice.uuid)).map(({ started_on, ended_on }) => [started_on, ended_on])).toEqual([
      ["2018-01-01", "2019-12-31"],
      ["2010-01-01", "2012-06-30"],
    ]);
    expect(await tenuresOf(overlapping.uuid)).toEqual([{ company_uuid: acme, is_current: false, title: "Analyst", started_on: "2014-01-01", ended_on: "2017-03-31" }]);
  });

  it("keeps one list membership, the earlier one, for a list holding both companies", async () => {
    const list = await store.entityLists.create({ tenant_uuid: tenant.tenantUuid, name: "Targets", kind: "companies", owner_user_uuid: null });
    await store.entityLists.addMembers(tenant.tenantUuid, list.uuid, [acmeDuplicate], null);
    clock += 1_000;
    await store.entityLists.addMembers(tenant.tenantUuid, list.uuid, [acme], null);
    await merge();
    const members = await store.entityLists.members(tenant.tenantUuid, list.uuid, { position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(members.rows.map((member) => [member.entity_uuid, member.added_at])).toEqual([[acme, START + 1_000]]);
  });

  it("keeps the canonical values, fills its empty fields, unites the tags and fills missing custom fields", async () => {
    await store.companies.update(tenant.tenantUuid, acme, {
      domain: "acme.example",
      city: "Berlin",
      service_industry_tags: ["SaaS", "İstanbul"],
      company_custom_fields: { tier: "gold", region: "EU" },
    });
    await store.companies.update(tenant.tenantUuid, acmeDuplicate, {
      company_name: "ACME Inc.",
      city: "Paris",
      sector: "Software",
      service_industry_tags: ["saas", "ISTANBUL", "Fintech"],
      company_custom_fields: { tier: "silver", owner: "Ada" },
    });
    const { merged } = await merge();
    expect(merged).toMatchObject({
      company_name: "Company 0",
      domain: "acme.example",
      city: "Berlin",
      sector: "Software",
      service_industry_tags: ["SaaS", "İstanbul", "Fintech"],
      company_custom_fields: { tier: "gold", region: "EU", owner: "Ada" },
    });
    const fintech = await store.companies.list(tenant.tenantUuid, {
      filters: { industry_tags: { values: ["fintech", "istanbul"], operator: "AND" } },
      sort_by: "created_at",
      order: "asc",
      position: { kind: "offset", offset: 0 },
      limit: 10,
    });
    expect(fintech.rows.map((company) => company.uuid)).toEqual([acme]);
  });

  it("refuses a merge uniting more custom fields or tags than its limits, and writes nothing", async () => {
    const fields = (prefix: string, count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}-${index}`, index]));
    await store.companies.update(tenant.tenantUuid, acme, { company_custom_fields: fields("kept", 3), service_industry_tags: ["SaaS", "AI"] });
    await store.companies.update(tenant.tenantUuid, acmeDuplicate, { company_custom_fields: fields("added", 2), service_industry_tags: ["saas", "Fintech"] });
    const before = await store.companies.getMany(tenant.tenantUuid, [acme, acmeDuplicate]);
    const limited = (limits: { custom_fields: number; tags: number; custom_fields_bytes?: number }, preview = false) =>
      store.companyMerges.merge({ tenant_uuid: tenant.tenantUuid, canonical_uuid: acme, superseded_uuid: acmeDuplicate, preview, merged_by_user_uuid: null, limits });
    await expect(limited({ custom_fields: 4, tags: 3 }, true)).rejects.toThrow(
      new InvalidInputError("the merged company would hold 5 custom fields, more than the 4 a company may hold: remove some from either company (PUT /v1/companies/{company_uuid}), then merge"),
    );
    await expect(limited({ custom_fields: 5, tags: 2 })).rejects.toThrow(
      new InvalidInputError("the merged company would hold 3 service_industry_tags, more than the 2 a company may hold: remove some from either company (PUT /v1/companies/{company_uuid}), then merge"),
    );
    expect(await store.companies.getMany(tenant.tenantUuid, [acme, acmeDuplicate])).toEqual(before);
    expect(await store.companyMerges.mergedInto(tenant.tenantUuid, acmeDuplicate)).toBeNull();
    // {"kept-0":0,"kept-1":1,"kept-2":2,"added-0":0,"added-1":1}: 58 bytes.
    await expect(limited({ custom_fields: 5, tags: 3, custom_fields_bytes: 57 })).rejects.toThrow(
      new InvalidInputError(
        "the merged company's custom fields would take 58 bytes as JSON, more than the 57 a write of them can carry: shorten some in either company (PUT /v1/companies/{company_uuid}), then merge",
      ),
    );
    expect(await store.companies.getMany(tenant.tenantUuid, [acme, acmeDuplicate])).toEqual(before);
    expect(await store.companyMerges.mergedInto(tenant.tenantUuid, acmeDuplicate)).toBeNull();
    // At the limits (a tag both have counted once), the merge goes through.
    const outcome = await limited({ custom_fields: 5, tags: 3, custom_fields_bytes: 58 });
    expect(Object.keys(outcome.merged.company_custom_fields)).toHaveLength(5);
    expect(outcome.merged.service_industry_tags).toEqual(["SaaS", "AI", "Fintech"]);
  });

  it("adds the superseded company's domain and former domains to the canonical one's former domains, the newest kept", async () => {
    await store.companies.update(tenant.tenantUuid, acme, { domain: "acme.example", former_domains: ["old-acme.example"] });
    const formerOfDuplicate = Array.from({ length: FORMER_DOMAINS_KEPT }, (_, index) => `acme-${index}.example`);
    await store.companies.update(tenant.tenantUuid, acmeDuplicate, { domain: "acme.io", former_domains: formerOfDuplicate });
    clock += 1_000;
    const outcome = await merge();
    expect(outcome.former_domains.merged).toHaveLength(FORMER_DOMAINS_KEPT);
    expect(outcome.former_domains.merged[0]).toBe("acme.io");
    expect((await store.companies.formerDomains(tenant.tenantUuid, [acme])).get(acme)).toEqual(outcome.former_domains.merged);
    expect((await store.matchKeys.companyByDomain(tenant.tenantUuid, "acme.io"))?.uuid).toBe(acme);
    expect((await store.companies.formerDomains(tenant.tenantUuid, [acmeDuplicate])).size).toBe(0);
  });

  it("finds the canonical company by the superseded company's name, for the next import naming it", async () => {
    await store.companies.update(tenant.tenantUuid, acmeDuplicate, { company_name: "ACME Inc." });
    await merge();
    expect((await store.matchKeys.companyByName(tenant.tenantUuid, "acme inc."))?.uuid).toBe(acme);
    expect(await store.matchKeys.companyByName(tenant.tenantUuid, "Initech")).toBeNull();
    const other = await createLinkedDealsTenant(store, 0, []);
    expect(await store.matchKeys.companyByName(other.tenantUuid, "ACME Inc.")).toBeNull();
  });

  it("logs the superseded company in the deletions log as merged into the canonical one", async () => {
    await merge();
    const deletions = await store.deletions.list(tenant.tenantUuid, { viewer: { user_uuid: null }, position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(deletions.rows).toEqual([expect.objectContaining({ entity_type: "COMPANY", uuid: acmeDuplicate, reason: "MERGED", merged_into_uuid: acme, deleted_at: clock })]);
  });

  it("previews the merge without persisting anything", async () => {
    await createLinkedOpportunities(store, tenant, [{ persons: [], companies: [1] }]);
    await store.companies.update(tenant.tenantUuid, acmeDuplicate, { domain: "acme.io" });
    const before = await store.companies.getMany(tenant.tenantUuid, [acme, acmeDuplicate]);
    const preview = await merge(true);
    expect(preview.preview).toBe(true);
    expect(preview.merged.domain).toBe("acme.io");
    expect(preview.moved).toMatchObject({ affiliations: 1, deal_references: 1 });
    expect(preview.graph_changes).toEqual([{ type: "set-person-affiliations", personUuid: tenant.persons[1], companyUuids: [acme] }]);
    expect(await store.companies.getMany(tenant.tenantUuid, [acme, acmeDuplicate])).toEqual(before);
    expect(await tenuresOf(tenant.persons[1]!)).toEqual([expect.objectContaining({ company_uuid: acmeDuplicate, is_current: true })]);
    expect(await store.companyMerges.mergedInto(tenant.tenantUuid, acmeDuplicate)).toBeNull();
  });

  it("refuses the same company twice, a merge done already and another tenant's company", async () => {
    await expect(merge(false, acme, acme)).rejects.toBeInstanceOf(ConflictError);
    await merge();
    await expect(merge()).rejects.toThrow(new ConflictError(`company ${acmeDuplicate} was already merged into company ${acme}`));
    await expect(merge(false, acmeDuplicate, acme)).rejects.toBeInstanceOf(ConflictError);
    const other = await createLinkedDealsTenant(store, 1, []);
    await expect(merge(false, acme, other.companies[0]!)).rejects.toThrow(new NotFoundError(`company ${other.companies[0]} not found`));
    await expect(merge(false, acme, tenant.companies[1]!, other.tenantUuid)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("points companies merged earlier into the superseded one at the canonical one", async () => {
    const third = (await store.companies.create({ tenant_uuid: tenant.tenantUuid, company_name: "Acme (old import)" })).uuid;
    await merge(false, acmeDuplicate, third);
    await merge();
    expect(await store.companyMerges.mergedInto(tenant.tenantUuid, third)).toBe(acme);
  });

  it("refuses the superseded company named in a write with a note naming the canonical one", async () => {
    await merge();
    const note = `: it was merged into company ${acme}`;
    await expect(store.persons.create({ tenant_uuid: tenant.tenantUuid, name: "Late Import", primary_company_uuid: acmeDuplicate })).rejects.toThrow(
      new InvalidInputError(`company ${acmeDuplicate} does not exist in this tenant${note}`),
    );
    await expect(
      store.notes.create({ tenant_uuid: tenant.tenantUuid, content: "Stale", associations: [{ entity_type: "COMPANY", entity_uuid: acmeDuplicate }] }, { user_uuid: null }),
    ).rejects.toThrow(`COMPANY ${acmeDuplicate} not found${note}`);
    const list = await store.entityLists.create({ tenant_uuid: tenant.tenantUuid, name: "Targets", kind: "companies", owner_user_uuid: null });
    await expect(store.entityLists.addMembers(tenant.tenantUuid, list.uuid, [acmeDuplicate], null)).rejects.toThrow(
      new NotFoundError(`no company ${acmeDuplicate} in this tenant (${acmeDuplicate} was merged into company ${acme})`),
    );
  });
});
