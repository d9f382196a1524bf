/**
 * A merge's affiliations: a record merged in that still has the person at a company the canonical person is recorded
 * as having left (an old import, a stale CRM row) does not make them current there again, nor their primary company;
 * a tenure known to start after they left (someone who came back) does.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Person } from "../records.js";
import type { Store } from "../store.js";

const START = Date.UTC(2026, 11, 1);
let store: Store;
let tenantUuid: string;
let acme: string;
let globex: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => START });
  tenantUuid = (await store.tenants.create({ name: "Northwind", tier: "standard" })).uuid;
  acme = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" })).uuid;
  globex = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" })).uuid;
});
afterEach(() => store.close());

const merge = (canonical: string, superseded: string, preview = false) =>
  store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview, merged_by_user_uuid: null });

const tenures = (person: Person) =>
  person.affiliations.map((affiliation) => ({
    company_uuid: affiliation.company_uuid,
    is_current: affiliation.is_current,
    title: affiliation.title,
    started_on: affiliation.started_on,
    ended_on: affiliation.ended_on,
  }));

/** Fiona, CEO at Acme, who then moved (to `next`, or to no company). */
async function fionaWhoLeftAcme(next: string | null): Promise<Person> {
  const fiona = await store.persons.create({ tenant_uuid: tenantUuid, name: "Fiona Founder", emails: ["fiona@acme.example"], primary_company_uuid: acme, job_title: "CEO" });
  return (await store.persons.update(tenantUuid, fiona.uuid, { primary_company_uuid: next }))!;
}

describe("a merge's affiliations", () => {
  it("folds a stale current tenure at a company the canonical person left into the past one, in the preview too", async () => {
    const fiona = await fionaWhoLeftAcme(globex);
    const stale = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Fiona Founder",
      linkedin_url: "https://www.linkedin.com/in/fiona-founder",
      affiliations: [{ company_uuid: acme, title: "Chief Executive", is_current: true, started_on: "2019-03-01" }],
      primary_company_uuid: acme,
    });
    const expected = [
      { company_uuid: globex, is_current: true, title: null, started_on: null, ended_on: null },
      { company_uuid: acme, is_current: false, title: "CEO", started_on: "2019-03-01", ended_on: "2026-12-01" },
    ];
    const preview = await merge(fiona.uuid, stale.uuid, true);
    expect(tenures(preview.merged)).toEqual(expected);
    const outcome = await merge(fiona.uuid, stale.uuid);
    expect(outcome.merged.primary_company_uuid).toBe(globex);
    expect(tenures(outcome.merged)).toEqual(expected);
    expect(await store.affiliations.currentMemberUuids(tenantUuid, acme)).toEqual([]);
  });

  it("does not give back the primary company of a stale record to a canonical person who left it for no company", async () => {
    const fiona = await fionaWhoLeftAcme(null);
    const stale = await store.persons.create({ tenant_uuid: tenantUuid, name: "Fiona Founder", emails: ["fiona@old.example"], primary_company_uuid: acme, job_title: "CEO" });
    const outcome = await merge(fiona.uuid, stale.uuid);
    expect(outcome.merged.primary_company_uuid).toBeNull();
    expect(tenures(outcome.merged)).toEqual([{ company_uuid: acme, is_current: false, title: "CEO", started_on: null, ended_on: "2026-12-01" }]);
  });

  it("keeps a current tenure that starts after the canonical person left: they came back", async () => {
    const fiona = await fionaWhoLeftAcme(null);
    const back = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Fiona Founder",
      emails: ["fiona@acme.example.org"],
      affiliations: [{ company_uuid: acme, title: "Advisor", is_current: true, started_on: "2026-12-02" }],
      primary_company_uuid: acme,
      job_title: "Advisor",
    });
    const outcome = await merge(fiona.uuid, back.uuid);
    expect(outcome.merged.primary_company_uuid).toBe(acme);
    expect(tenures(outcome.merged)).toEqual([
      { company_uuid: acme, is_current: true, title: "Advisor", started_on: "2026-12-02", ended_on: null },
      { company_uuid: acme, is_current: false, title: "CEO", started_on: null, ended_on: "2026-12-01" },
    ]);
  });

  it("ends a stale canonical record's current tenure where the record merged in says the person left, with its primary company", async () => {
    const stale = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Fiona Founder",
      linkedin_url: "https://www.linkedin.com/in/fiona-founder",
      affiliations: [{ company_uuid: acme, title: "Chief Executive", is_current: true, started_on: "2019-03-01" }],
      primary_company_uuid: acme,
      job_title: "Chief Executive",
    });
    const fiona = await fionaWhoLeftAcme(globex);
    await store.persons.update(tenantUuid, fiona.uuid, { job_title: "COO" });
    const expected = [
      { company_uuid: globex, is_current: true, title: "COO", started_on: null, ended_on: null },
      { company_uuid: acme, is_current: false, title: "Chief Executive", started_on: "2019-03-01", ended_on: "2026-12-01" },
    ];
    const preview = await merge(stale.uuid, fiona.uuid, true);
    expect(tenures(preview.merged)).toEqual(expected);
    expect(preview.merged).toMatchObject({ primary_company_uuid: globex, job_title: "COO" });
    const outcome = await merge(stale.uuid, fiona.uuid);
    expect(outcome.merged).toMatchObject({ primary_company_uuid: globex, job_title: "COO" });
    expect(tenures(outcome.merged)).toEqual(expected);
    expect(await store.affiliations.currentMemberUuids(tenantUuid, acme)).toEqual([]);
    expect(await store.affiliations.currentMemberUuids(tenantUuid, globex)).toEqual([stale.uuid]);
  });

  it("keeps a canonical current tenure that starts after the record merged in has the person leave: they came back", async () => {
    const back = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Fiona Founder",
      emails: ["fiona@acme.example.org"],
      affiliations: [{ company_uuid: acme, title: "Advisor", is_current: true, started_on: "2026-12-02" }],
      primary_company_uuid: acme,
      job_title: "Advisor",
    });
    const fiona = await fionaWhoLeftAcme(null);
    const outcome = await merge(back.uuid, fiona.uuid);
    expect(outcome.merged).toMatchObject({ primary_company_uuid: acme, job_title: "Advisor" });
    expect(tenures(outcome.merged).filter((tenure) => tenure.is_current)).toEqual([{ company_uuid: acme, is_current: true, title: "Advisor", started_on: "2026-12-02", ended_on: null }]);
  });
});
