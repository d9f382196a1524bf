/**
 * The person list's `company_uuid` filter: the persons currently affiliated with the company (primary or not),
 * never its former members nor another tenant's, combined with the other filters, every sort, pages and cursors;
 * a job change and a merge move persons in and out of it at once (the remembered total moves with them).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { PERSON_SORT_FIELDS, type PersonListFilters, type PersonListRequest, type Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let clock: number;
let acme: string;
let globex: string;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Tenant", tier: "standard" })).uuid;
  acme = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" })).uuid;
  globex = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" })).uuid;
});
afterEach(() => store.close());

const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 50 };

function list(filters: PersonListFilters, options: Partial<PersonListRequest> = {}, tenant = tenantUuid) {
  return store.persons.list(tenant, { ...firstPage, filters, sort_by: "name", order: "asc", ...options });
}

async function names(filters: PersonListFilters, options: Partial<PersonListRequest> = {}): Promise<string[]> {
  return (await list(filters, options)).rows.map((person) => person.name);
}

async function person(name: string, affiliations: Array<{ company_uuid: string; is_current: boolean }>, primary?: string) {
  return store.persons.create({ tenant_uuid: tenantUuid, name, affiliations, primary_company_uuid: primary ?? null });
}

describe("persons.list filtered by company_uuid", () => {
  it("lists the company's current members, primary or not, and none of its former ones", async () => {
    await person("Ada Primary", [], acme);
    await person("Bo Secondary", [{ company_uuid: globex, is_current: true }, { company_uuid: acme, is_current: true }], globex);
    await person("Cy Former", [{ company_uuid: acme, is_current: false }, { company_uuid: globex, is_current: true }]);
    await person("Di Elsewhere", [{ company_uuid: globex, is_current: true }]);
    await person("Ed Nowhere", []);
    const found = await list({ company_uuid: acme });
    expect(found.rows.map((row) => row.name)).toEqual(["Ada Primary", "Bo Secondary"]);
    expect(found.total).toBe(2);
    expect(await names({ company_uuid: globex })).toEqual(["Bo Secondary", "Cy Former", "Di Elsewhere"]);
  });

  it("matches no person for an unknown company or another tenant's, whose members stay unseen", async () => {
    await person("Ada", [], acme);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const theirs = (await store.companies.create({ tenant_uuid: other, company_name: "Theirs" })).uuid;
    await store.persons.create({ tenant_uuid: other, name: "Their Member", primary_company_uuid: theirs });
    expect(await list({ company_uuid: theirs })).toMatchObject({ rows: [], total: 0 });
    expect(await list({ company_uuid: "00000000-0000-4000-8000-000000000000" })).toMatchObject({ rows: [], total: 0 });
    // Their tenant asking with our company sees none of ours either.
    expect(await list({ company_uuid: acme }, {}, other)).toMatchObject({ rows: [], total: 0 });
  });

  it("combines with uuids, name and modified_since, in every sort and order, by pages and by cursor", async () => {
    const members = [];
    for (const name of ["Jordan Blake", "Casey Blake", "Dana Moss", "Eli Stone"]) members.push(await person(name, [], acme));
    await person("Jordan Outsider", [], globex);
    const since = clock;
    await store.persons.update(tenantUuid, members[3]!.uuid, { job_title: "CTO" });
    expect(await names({ company_uuid: acme, name: "blake" })).toEqual(["Casey Blake", "Jordan Blake"]);
    expect(await names({ company_uuid: acme, name: "jordan" })).toEqual(["Jordan Blake"]);
    expect(await names({ company_uuid: acme, uuids: [members[2]!.uuid, members[3]!.uuid] })).toEqual(["Dana Moss", "Eli Stone"]);
    expect(await names({ company_uuid: acme, modified_since: since })).toEqual(["Eli Stone"]);
    for (const sort_by of PERSON_SORT_FIELDS) {
      for (const order of ["asc", "desc"] as const) {
        const whole = await names({ company_uuid: acme }, { sort_by, order });
        expect(whole, `${sort_by} ${order}`).toHaveLength(4);
        const read: string[] = [];
        let page = await list({ company_uuid: acme }, { sort_by, order, limit: 1 });
        read.push(...page.rows.map((row) => row.name));
        while (page.hasMore) {
          page = await list({ company_uuid: acme }, { sort_by, order, limit: 1, position: { kind: "after", key: page.lastKey! } });
          read.push(...page.rows.map((row) => row.name));
        }
        expect(read, `${sort_by} ${order}`).toEqual(whole);
        expect((await list({ company_uuid: acme }, { sort_by, order, limit: 2, position: { kind: "offset", offset: 2 } })).rows.map((row) => row.name)).toEqual(whole.slice(2));
      }
    }
  });

  it("follows a job change and a merge at once, its remembered total too", async () => {
    const ada = await person("Ada", [], acme);
    const bo = await person("Bo", [], globex);
    expect(await list({ company_uuid: acme })).toMatchObject({ total: 1 });
    // A new primary company ends the current tenure at the previous one.
    await store.persons.update(tenantUuid, ada.uuid, { primary_company_uuid: globex });
    expect(await list({ company_uuid: acme })).toMatchObject({ rows: [], total: 0 });
    expect(await names({ company_uuid: globex })).toEqual(["Ada", "Bo"]);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada.uuid, superseded_uuid: bo.uuid, preview: false, merged_by_user_uuid: null });
    expect(await list({ company_uuid: globex })).toMatchObject({ rows: [{ name: "Ada" }], total: 1 });
  });
});
