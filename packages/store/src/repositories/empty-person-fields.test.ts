/**
 * A contact card fills a matched person's empty fields only: `emptyFieldsFilled` (the rule) and `persons.fillEmptyFields`
 * (the write, which moves the change time only when it writes and never renames).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { emptyFieldsFilled, jobFollowingExport, type PersonFieldHolder } from "./empty-person-fields.js";

const START = Date.UTC(2026, 11, 1);
let clock = START;
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  clock = START;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const person = async (uuid: string) => (await store.persons.get(tenantUuid, uuid))!;

/** A person holding nothing the rule reads, with `fields` set. */
function holder(fields: Partial<PersonFieldHolder> = {}): PersonFieldHolder {
  return {
    first_name: null, last_name: null, job_title: null, primary_company_uuid: null, linkedin_url: null, twitter_url: null,
    city: null, state: null, country: null, tags: [], affiliations: [], ...fields,
  };
}

describe("emptyFieldsFilled", () => {
  it("offers no company, nor its title, that the person has a past tenure at: they left it", () => {
    const left = holder({ affiliations: [{ is_current: false, company_uuid: "c1" }] });
    expect(emptyFieldsFilled(left, { primary_company_uuid: "c1", job_title: "CFO", city: "Oslo" })).toEqual({ city: "Oslo" });
    expect(emptyFieldsFilled(left, { primary_company_uuid: "c2", job_title: "COO" })).toEqual({ primary_company_uuid: "c2", job_title: "COO" });
  });

  it("offers every field to a person holding none, blank text and empty lists offering nothing", () => {
    const offer = {
      first_name: "Dana", last_name: " Lee ", job_title: "CTO", primary_company_uuid: "c1", linkedin_url: "https://www.linkedin.com/in/dana",
      twitter_url: "  ", city: "Oslo", state: null, country: "Norway", tags: ["vip", "vip", " "],
    };
    expect(emptyFieldsFilled(holder(), offer)).toEqual({
      first_name: "Dana", last_name: "Lee", job_title: "CTO", primary_company_uuid: "c1", linkedin_url: "https://www.linkedin.com/in/dana",
      city: "Oslo", country: "Norway", tags: ["vip"],
    });
  });

  it("keeps every value the person has, and a company's title empty when the person has a company", () => {
    const full = holder({ first_name: "D", last_name: "L", linkedin_url: "x", twitter_url: "y", primary_company_uuid: "c0", tags: ["a"] });
    expect(emptyFieldsFilled(full, { first_name: "Dana", last_name: "Lee", linkedin_url: "z", twitter_url: "w", primary_company_uuid: "c1", job_title: "CTO", tags: ["b"] })).toEqual({});
    // A current affiliation without a primary company is a company too.
    expect(emptyFieldsFilled(holder({ affiliations: [{ is_current: true }] }), { primary_company_uuid: "c1", job_title: "CTO" })).toEqual({});
    expect(emptyFieldsFilled(holder({ affiliations: [{ is_current: false }] }), { primary_company_uuid: "c1", job_title: "CTO" })).toEqual({
      primary_company_uuid: "c1",
      job_title: "CTO",
    });
  });

  it("takes a place whole, and only when the person has none of city, state and country", () => {
    expect(emptyFieldsFilled(holder({ country: "US" }), { city: "Paris", country: "France" })).toEqual({});
    expect(emptyFieldsFilled(holder(), { city: "Paris", country: "France" })).toEqual({ city: "Paris", country: "France" });
  });
});

describe("persons.fillEmptyFields", () => {
  it("writes only the empty fields, keeps the display name, affiliates with the company and moves the change time", async () => {
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", domain: "globex.example" });
    const dana = await store.persons.create({ tenant_uuid: tenantUuid, name: "Dana L.", emails: ["dana@globex.example"], city: "Oslo" });
    clock = START + 60_000;
    const fields = await store.persons.fillEmptyFields(tenantUuid, dana.uuid, {
      first_name: "Dana", last_name: "Lee", job_title: "CTO", primary_company_uuid: company.uuid, city: "Bergen", country: "Norway", tags: ["vip"],
    });
    expect(fields?.sort()).toEqual(["first_name", "job_title", "last_name", "primary_company_uuid", "tags"]);
    const filled = await person(dana.uuid);
    expect(filled).toMatchObject({
      name: "Dana L.", first_name: "Dana", last_name: "Lee", job_title: "CTO", primary_company_uuid: company.uuid, city: "Oslo", country: null,
      tags: ["vip"], service_updated_at: START + 60_000,
    });
    expect(filled.affiliations).toEqual([expect.objectContaining({ company_uuid: company.uuid, title: "CTO", is_current: true })]);
    const members = await store.persons.list(tenantUuid, {
      filters: { company_uuid: company.uuid }, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10,
    });
    expect(members.rows.map((row) => row.uuid)).toEqual([dana.uuid]);
  });

  it("writes nothing and keeps the change time when nothing is empty or nothing is offered", async () => {
    const dana = await store.persons.create({ tenant_uuid: tenantUuid, first_name: "Dana", emails: ["dana@globex.example"], job_title: "CEO" });
    clock = START + 60_000;
    expect(await store.persons.fillEmptyFields(tenantUuid, dana.uuid, { first_name: "Danielle", job_title: "CTO" })).toEqual([]);
    expect(await store.persons.fillEmptyFields(tenantUuid, dana.uuid, {})).toEqual([]);
    expect(await person(dana.uuid)).toMatchObject({ first_name: "Dana", job_title: "CEO", service_updated_at: START });
  });

  it("names an unnamed person (LinkedIn only) after the first and last name it fills", async () => {
    const unnamed = await store.persons.create({ tenant_uuid: tenantUuid, linkedin_url: "https://www.linkedin.com/in/dana" });
    expect(unnamed.name).toBe("");
    await store.persons.fillEmptyFields(tenantUuid, unnamed.uuid, { first_name: "Dana", last_name: "Lee" });
    expect((await person(unnamed.uuid)).name).toBe("Dana Lee");
  });

  it("leaves out an erased person's LinkedIn profile, filling the rest, as an import leaves that person out", async () => {
    const erased = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zed", linkedin_url: "https://www.linkedin.com/in/zed" });
    expect(await store.persons.erase(tenantUuid, erased.uuid)).toBe(true);
    const dana = await store.persons.create({ tenant_uuid: tenantUuid, name: "Dana", emails: ["dana@globex.example"] });
    expect(await store.persons.fillEmptyFields(tenantUuid, dana.uuid, { linkedin_url: "https://www.linkedin.com/in/zed", job_title: "CTO" })).toEqual(["job_title"]);
    expect(await person(dana.uuid)).toMatchObject({ linkedin_url: null, job_title: "CTO" });
  });

  it("is null for another tenant's person, which it leaves as it is, and refuses a bad offer before any SQL", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const theirs = await store.persons.create({ tenant_uuid: other, emails: ["dana@globex.example"] });
    expect(await store.persons.fillEmptyFields(tenantUuid, theirs.uuid, { job_title: "CTO" })).toBeNull();
    expect((await store.persons.get(other, theirs.uuid))!.job_title).toBeNull();
    await expect(store.persons.fillEmptyFields(tenantUuid, theirs.uuid, { job: "CTO" } as never)).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe("jobFollowingExport", () => {
  const person = { primary_company_uuid: "acme", job_title: "Engineer" };
  const source = "linkedin_connections" as const;

  it("moves a job its source set: a new company with the row's title, or a new title at the same company", () => {
    expect(jobFollowingExport(person, source, { primary_company_uuid: "globex", job_title: "CTO" }, source)).toEqual({ primary_company_uuid: "globex", job_title: "CTO" });
    expect(jobFollowingExport(person, source, { primary_company_uuid: "globex", job_title: null }, source)).toEqual({ primary_company_uuid: "globex", job_title: null });
    expect(jobFollowingExport(person, source, { primary_company_uuid: "acme", job_title: " Lead " }, source)).toEqual({ job_title: "Lead" });
  });

  it("moves nothing a user typed or another source set, for a row naming no company, or when nothing differs", () => {
    expect(jobFollowingExport(person, null, { primary_company_uuid: "globex", job_title: "CTO" }, source)).toEqual({});
    expect(jobFollowingExport(person, "another_source", { primary_company_uuid: "globex", job_title: "CTO" }, source)).toEqual({});
    expect(jobFollowingExport(person, source, { primary_company_uuid: null, job_title: "CTO" }, source)).toEqual({});
    expect(jobFollowingExport(person, source, { primary_company_uuid: "acme", job_title: null }, source)).toEqual({});
    expect(jobFollowingExport(person, source, { primary_company_uuid: "acme", job_title: "Engineer" }, source)).toEqual({});
  });
});
