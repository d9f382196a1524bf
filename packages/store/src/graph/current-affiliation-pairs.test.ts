/**
 * `currentAffiliationPairs` against `affiliations.listCurrent` over pages of every size, and the plan of its
 * page statement under statistics like benchmark scale L's: a seek along (tenant_uuid, person_uuid) with no
 * sort, whatever the page. `affiliations.currentMemberUuids` against `listCurrent` too, and its plan.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { markPersonsDeleted } from "../testing/deleted-persons.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, readDuring } from "../testing/sqlite-plans.js";
import { currentAffiliationPairs } from "./current-affiliation-pairs.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-affiliation-pairs-"));
const path = join(folder, "pairs.db");
const STRANGER_TENANT = "00000000-0000-4000-8000-000000000000";
let store: Store;
let tenantUuid: string;
let reader: Kysely<Database>;

beforeAll(async () => {
  store = await createSqliteStore({ path });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const other = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
  const company = async (tenant: string, name: string) => (await store.companies.create({ tenant_uuid: tenant, company_name: name })).uuid;
  const [initech, hooli, gone] = [await company(tenantUuid, "Initech"), await company(tenantUuid, "Hooli"), await company(tenantUuid, "Gone")];
  const deletedPersons: string[] = [];
  for (let index = 0; index < 13; index += 1) {
    const person = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: `Person ${index}`,
      primary_company_uuid: index % 2 === 0 ? initech : hooli,
      // Some at two companies at once, some with a past one, some at the company deleted below.
      affiliations: [
        ...(index % 3 === 0 ? [{ company_uuid: index % 2 === 0 ? hooli : initech }] : []),
        ...(index % 4 === 1 ? [{ company_uuid: gone, is_current: false }] : []),
        ...(index % 5 === 2 ? [{ company_uuid: gone }] : []),
      ],
    });
    if (index % 6 === 5) deletedPersons.push(person.uuid);
  }
  await store.persons.create({ tenant_uuid: other, name: "Elsewhere", primary_company_uuid: await company(other, "Globex") });
  await store.close();
  await markPersonsDeleted(path, deletedPersons, Date.UTC(2026, 0, 1));
  const sqlite = new SqliteDatabase(path);
  sqlite.prepare("update companies set deleted_at = ? where uuid = ?").run(Date.UTC(2026, 0, 1), gone);
  sqlite.close();
  store = await createSqliteStore({ path });
  reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(path, { readonly: true }) }) });
});

afterAll(async () => {
  await reader.destroy();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

async function pairs(pageSize?: number): Promise<string[]> {
  const found: string[] = [];
  for await (const pair of currentAffiliationPairs(reader, tenantUuid, pageSize)) found.push(`${pair.personUuid} ${pair.companyUuid}`);
  return found;
}

describe("currentAffiliationPairs", () => {
  it("yields each current affiliation of a live person with a live company once, whatever the page size", async () => {
    const expected = (await store.affiliations.listCurrent(tenantUuid)).map((affiliation) => `${affiliation.person_uuid} ${affiliation.company_uuid}`).sort();
    expect(expected.length).toBeGreaterThan(8);
    for (const pageSize of [1, 2, 3, 7, 2_000]) expect((await pairs(pageSize)).sort()).toEqual(expected);
  });

  it("seeks each page along (tenant_uuid, person_uuid) without sorting, under statistics like benchmark scale L's", async () => {
    // The first page's statement, and the one every later page repeats.
    const statements = [...new Set((await preparedDuring(() => pairs(2))).filter((source) => /from "affiliations"/.test(source)))];
    expect(statements).toHaveLength(2);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["affiliations", "persons", "companies"]);
      for (const source of statements) {
        const plan = planOf(sqlite, source);
        expect(plan).toContain("INDEX affiliations_tenant_person");
        expect(plan).not.toContain("TEMP B-TREE");
      }
    } finally {
      sqlite.close();
    }
  });
});

describe("affiliations.currentMemberUuids", () => {
  it("lists the persons listCurrent lists for each company, by uuid, and none of another tenant's", async () => {
    const companies = [...new Set((await store.affiliations.listCurrent(tenantUuid)).map((affiliation) => affiliation.company_uuid))];
    expect(companies).toHaveLength(2);
    for (const company of companies) {
      const expected = (await store.affiliations.listCurrent(tenantUuid, { company_uuid: company })).map((affiliation) => affiliation.person_uuid).sort();
      expect(expected.length).toBeGreaterThan(3);
      expect(await store.affiliations.currentMemberUuids(tenantUuid, company)).toEqual(expected);
      expect(await store.affiliations.currentMemberUuids(STRANGER_TENANT, company)).toEqual([]);
    }
  });

  it("reads the affiliations from their index alone, under statistics like benchmark scale L's", async () => {
    const [company] = (await store.affiliations.listCurrent(tenantUuid)).map((affiliation) => affiliation.company_uuid);
    // A store of its own: this one remembers the members it read above.
    const fresh = await createSqliteStore({ path });
    let statements: string[];
    try {
      statements = (await readDuring(() => fresh.affiliations.currentMemberUuids(tenantUuid, company!))).filter((source) => /from "affiliations"/.test(source));
    } finally {
      await fresh.close();
    }
    expect(statements).toHaveLength(1);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["affiliations", "persons"]);
      const plan = planOf(sqlite, statements[0]!);
      expect(plan).toContain("COVERING INDEX affiliations_tenant_company_current (tenant_uuid=? AND company_uuid=? AND is_current=?)");
      expect(plan).not.toContain("TEMP B-TREE");
    } finally {
      sqlite.close();
    }
  });

  it("remembers each company's members until a person or an affiliation is written", async () => {
    const [initech, hooli] = [...new Set((await store.affiliations.listCurrent(tenantUuid)).map((affiliation) => affiliation.company_uuid))];
    const membersOf = (company: string) => store.affiliations.currentMemberUuids(tenantUuid, company);
    const reads = async (run: () => Promise<unknown>) => (await readDuring(run)).filter((source) => /from "affiliations"/.test(source)).length;
    const before = await membersOf(initech!);
    expect(await reads(() => membersOf(initech!))).toBe(0);
    expect(await membersOf(initech!)).toEqual(before);
    // A caller changing the list it got changes nothing remembered.
    (await membersOf(initech!)).pop();
    expect(await membersOf(initech!)).toEqual(before);

    const newcomer = await store.persons.create({ tenant_uuid: tenantUuid, name: "Newcomer", primary_company_uuid: initech! });
    expect(await membersOf(initech!)).toEqual([...before, newcomer.uuid].sort());
    await store.persons.update(tenantUuid, newcomer.uuid, { primary_company_uuid: hooli! });
    expect(await membersOf(initech!)).toEqual(before);
    expect(await membersOf(hooli!)).toContain(newcomer.uuid);
    // Deleted by another connection, as another process would.
    await markPersonsDeleted(path, [newcomer.uuid], Date.UTC(2026, 0, 2));
    expect(await membersOf(hooli!)).not.toContain(newcomer.uuid);
    expect(await reads(() => membersOf(hooli!))).toBe(0);
  });
});
