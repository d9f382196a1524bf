/**
 * The person and company lists' name order (migration 0064): alphabetical whatever the case and accents, other
 * scripts after Latin in Unicode's order, names that fold alike by their own spelling then uuid; every write of a
 * name (create, update, a name from mail, a merge, a company's rename) keeps it; a lookup by domain takes its first
 * matches in it; a cursor of the order before is refused.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import type { SortOrder } from "@rapport/graph";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const START = Date.UTC(2026, 11, 1);
const READER_ORDER = ["abel", "Ábel", "Éva", "Mike", "Österreich", "Zoe", "Ω", "Я", "山田"];
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  let clock = START;
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

/** Every person's name in name order, read `limit` at a time: by page numbers, or by cursor. */
async function personNames(order: SortOrder, limit: number, by: "offset" | "cursor"): Promise<string[]> {
  const names: string[] = [];
  let position: { kind: "offset"; offset: number } | { kind: "after"; key: ReadonlyArray<string | number | null> } = { kind: "offset", offset: 0 };
  for (;;) {
    const page = await store.persons.list(tenantUuid, { position, limit, filters: {}, sort_by: "name", order });
    names.push(...page.rows.map((row) => row.name));
    if (!page.hasMore) return names;
    position = by === "offset" ? { kind: "offset", offset: names.length } : { kind: "after", key: page.lastKey! };
  }
}

async function companyNames(order: SortOrder): Promise<string[]> {
  const page = await store.companies.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: {}, sort_by: "company_name", order });
  return page.rows.map((row) => row.company_name);
}

describe("the name order of persons and companies", () => {
  it("lists names as a reader looks them up, both ways, by page numbers and by cursor alike", async () => {
    for (const name of [...READER_ORDER].reverse()) {
      await store.persons.create({ tenant_uuid: tenantUuid, name });
      await store.companies.create({ tenant_uuid: tenantUuid, company_name: name });
    }
    for (const by of ["offset", "cursor"] as const) {
      expect(await personNames("asc", 2, by)).toEqual(READER_ORDER);
      expect(await personNames("desc", 4, by)).toEqual([...READER_ORDER].reverse());
    }
    expect(await companyNames("asc")).toEqual(READER_ORDER);
    expect(await companyNames("desc")).toEqual([...READER_ORDER].reverse());
  });

  it("breaks ties of one spelling by uuid, in the list's direction", async () => {
    const uuids: string[] = [];
    for (let index = 0; index < 4; index += 1) uuids.push((await store.persons.create({ tenant_uuid: tenantUuid, name: "Ábel" })).uuid);
    await store.persons.create({ tenant_uuid: tenantUuid, name: "abel" });
    const read = async (order: SortOrder) => {
      const uuidsRead: string[] = [];
      let position: { kind: "offset"; offset: number } | { kind: "after"; key: ReadonlyArray<string | number | null> } = { kind: "offset", offset: 0 };
      for (;;) {
        const page = await store.persons.list(tenantUuid, { position, limit: 2, filters: {}, sort_by: "name", order });
        uuidsRead.push(...page.rows.filter((row) => row.name === "Ábel").map((row) => row.uuid));
        if (!page.hasMore) return uuidsRead;
        position = { kind: "after", key: page.lastKey! };
      }
    };
    expect(await read("asc")).toEqual([...uuids].sort());
    expect(await read("desc")).toEqual([...uuids].sort().reverse());
  });

  it("follows every write of a name", async () => {
    const zed = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zed" });
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Mike" });
    const fromAddress = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["zz@partner.example"] });
    const derived = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["zzz@partner.example"] });
    const typed = await store.persons.create({ tenant_uuid: tenantUuid, name: "éowyn", emails: ["eowyn@partner.example"] });
    expect(await personNames("asc", 10, "offset")).toEqual(["éowyn", "Mike", "Zed", "zz@partner.example", "zzz@partner.example"]);

    await store.persons.update(tenantUuid, zed.uuid, { name: "Ábel" });
    expect(await store.persons.nameIfUnnamed(tenantUuid, fromAddress.uuid, "Ádám")).toBe(true);
    const merged = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: derived.uuid, superseded_uuid: typed.uuid, preview: false, merged_by_user_uuid: null });
    expect(merged.merged.name).toBe("éowyn");
    expect(await personNames("asc", 10, "offset")).toEqual(["Ábel", "Ádám", "éowyn", "Mike"]);

    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Zeta" });
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Mu" });
    expect(await companyNames("asc")).toEqual(["Mu", "Zeta"]);
    await store.companies.update(tenantUuid, company.uuid, { company_name: "Ärzte" });
    expect(await companyNames("asc")).toEqual(["Ärzte", "Mu"]);
  });

  it("gives a lookup by domain its first matches in the same order", async () => {
    const at = async (name: string, address: string) => (await store.persons.create({ tenant_uuid: tenantUuid, name, emails: [address] })).uuid;
    const uuids = { zoe: await at("Zoe", "zoe@acme.example"), abel: await at("ábel", "abel@acme.example"), eva: await at("Éva", "eva@acme.example") };
    expect(await store.persons.findByDomain(tenantUuid, "acme.example", 10)).toEqual({ uuids: [uuids.abel, uuids.eva, uuids.zoe], total: 3 });
    expect(await store.persons.findByDomain(tenantUuid, "acme.example", 2)).toEqual({ uuids: [uuids.abel, uuids.eva], total: 3 });
  });

  it("refuses a cursor of the order before, which held the name and the uuid only", async () => {
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ábel" });
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Ärzte" });
    const persons = store.persons.list(tenantUuid, { position: { kind: "after", key: ["Ábel", person.uuid] }, limit: 5, filters: {}, sort_by: "name", order: "asc" });
    await expect(persons).rejects.toThrow(InvalidInputError);
    await expect(persons).rejects.toThrow(/cursor no longer valid.*start the scan again/);
    const companies = store.companies.list(tenantUuid, { position: { kind: "after", key: ["Ärzte", company.uuid] }, limit: 5, filters: {}, sort_by: "company_name", order: "asc" });
    await expect(companies).rejects.toThrow(/cursor no longer valid.*start the scan again/);
  });
});
