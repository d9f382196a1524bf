/**
 * Likely duplicates in the store: the pairs of persons and companies `duplicates.list` finds, why, which record it
 * keeps, its pages, and what it leaves out (namesakes, another tenant's records, merged-away ones).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { MOST_NAME_HOLDERS } from "./person-duplicate-pairs.js";

let clock = Date.UTC(2026, 11, 1);
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Shop", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const company = async (company_name: string, domain: string | null = null, tenant = tenantUuid) =>
  (await store.companies.create({ tenant_uuid: tenant, company_name, ...(domain ? { domain } : {}) })).uuid;
const person = async (name: string, fields: Record<string, unknown> = {}, tenant = tenantUuid) =>
  (await store.persons.create({ tenant_uuid: tenant, name, ...fields })).uuid;
const everyPair = async (entityType?: "PERSON" | "COMPANY") =>
  (await store.duplicates.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 100, ...(entityType ? { entityType } : {}) })).rows.map((pair) => ({
    type: pair.entity_type,
    canonical: pair.canonical.uuid,
    duplicate: pair.duplicate.uuid,
    confidence: pair.confidence,
    reasons: pair.evidence.map((evidence) => `${evidence.reason}:${evidence.shared}`),
  }));

describe("duplicates.list: persons", () => {
  it("pairs one full name, folded, with a company in common, past or present, the older person kept", async () => {
    const acme = await company("Acme");
    const globex = await company("Globex");
    const older = await person("José Müller", { primary_company_uuid: acme });
    const newer = await person("jose muller", { affiliations: [{ company_uuid: globex, is_current: true }, { company_uuid: acme, is_current: false }] });
    expect(await everyPair()).toEqual([{ type: "PERSON", canonical: older, duplicate: newer, confidence: "likely", reasons: [`SAME_NAME_SHARED_COMPANY:${acme}`] }]);
  });

  it("pairs one full name with addresses at one company's domain, not at a free-mail one", async () => {
    await company("Acme", "acme.example");
    const older = await person("Anna Lind", { emails: ["anna@acme.example", "anna.lind@gmail.com"] });
    const newer = await person("Anna Lind", { emails: ["a.lind@acme.example"] });
    await person("Bo Berg", { emails: ["bo@gmail.com"] });
    await person("Bo Berg", { emails: ["bo.berg@gmail.com"] });
    await person("Bo Berg", { emails: ["berg@gmail.com"] });
    expect(await everyPair()).toEqual([{ type: "PERSON", canonical: older, duplicate: newer, confidence: "likely", reasons: ["SAME_NAME_SHARED_EMAIL_DOMAIN:acme.example"] }]);
  });

  it("pairs a full name only two persons hold as possible, and leaves out single names and names from addresses", async () => {
    const older = await person("Karin Ek", { emails: ["karin@one.example"] });
    const newer = await person("Karin Ek", { emails: ["karin@two.example"] });
    await person("Karin");
    await person("Karin");
    await store.persons.create({ tenant_uuid: tenantUuid, emails: ["ek karin@three.example"].map(() => "ek@three.example") });
    await store.persons.create({ tenant_uuid: tenantUuid, emails: ["ek@four.example"] });
    expect(await everyPair()).toEqual([{ type: "PERSON", canonical: older, duplicate: newer, confidence: "possible", reasons: ["SAME_NAME:karin ek"] }]);
  });

  it("leaves out a name more than MOST_NAME_HOLDERS persons hold, even at one company", async () => {
    const acme = await company("Acme");
    for (let index = 0; index <= MOST_NAME_HOLDERS; index += 1) await person("Common Name", { primary_company_uuid: acme });
    expect(await everyPair()).toEqual([]);
  });

  it("pairs one LinkedIn profile whatever the names, and never two users' own persons", async () => {
    const older = await person("Sam Ray", { linkedin_url: "https://www.linkedin.com/in/samray/" });
    const newer = await person("Samuel R.", { linkedin_url: "linkedin.com/in/SamRay" });
    const acme = await company("Acme");
    await person("Team Member", { is_internal: true, primary_company_uuid: acme });
    await person("Team Member", { is_internal: true, primary_company_uuid: acme });
    expect(await everyPair()).toEqual([{ type: "PERSON", canonical: older, duplicate: newer, confidence: "likely", reasons: ["SAME_LINKEDIN:linkedin.com/in/samray"] }]);
  });

  it("keeps a user's own person, and forgets a pair once merged; another tenant's namesakes are never paired", async () => {
    const acme = await company("Acme");
    const contact = await person("Lee Park", { primary_company_uuid: acme });
    const own = await person("Lee Park", { is_internal: true, primary_company_uuid: acme });
    const elsewhere = await company("Acme", null, otherTenantUuid);
    await person("Lee Park", { primary_company_uuid: elsewhere }, otherTenantUuid);
    expect(await everyPair("PERSON")).toEqual([{ type: "PERSON", canonical: own, duplicate: contact, confidence: "likely", reasons: [`SAME_NAME_SHARED_COMPANY:${acme}`] }]);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: own, superseded_uuid: contact, preview: false, merged_by_user_uuid: null });
    expect(await everyPair()).toEqual([]);
    expect((await store.duplicates.list(otherTenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10 })).rows).toEqual([]);
  });
});

describe("duplicates.list: companies", () => {
  it("pairs names alike without their legal forms, and one domain; two domains make the name alone possible", async () => {
    const acme = await company("Acme");
    const acmeInc = await company("Acme, Inc.");
    const acmeGermany = await company("ACME GmbH", "acme.de");
    const globex = await company("Globex Corporation", "globex.example");
    const initech = await company("Initech", "globex.example");
    const umbrellaCom = await company("Umbrella Ltd", "umbrella.com");
    const umbrellaDe = await company("Umbrella AG", "umbrella.de");
    await company("Acme", null, otherTenantUuid);
    // One canonical company's pairs come in the order of the duplicates' uuids.
    const [first, second] = [acmeInc, acmeGermany].sort();
    expect(await everyPair("COMPANY")).toEqual([
      { type: "COMPANY", canonical: acme, duplicate: first, confidence: "likely", reasons: ["SAME_NAME:acme"] },
      { type: "COMPANY", canonical: acme, duplicate: second, confidence: "likely", reasons: ["SAME_NAME:acme"] },
      { type: "COMPANY", canonical: acmeInc, duplicate: acmeGermany, confidence: "likely", reasons: ["SAME_NAME:acme"] },
      { type: "COMPANY", canonical: globex, duplicate: initech, confidence: "likely", reasons: ["SAME_DOMAIN:globex.example"] },
      { type: "COMPANY", canonical: umbrellaCom, duplicate: umbrellaDe, confidence: "possible", reasons: ["SAME_NAME:umbrella"] },
    ]);
  });

  it("keys a renamed company again, and forgets a merged one", async () => {
    const acme = await company("Acme");
    const other = await company("Northwind");
    expect(await everyPair()).toEqual([]);
    await store.companies.update(tenantUuid, other, { company_name: "ACME Ltd." });
    expect(await everyPair()).toEqual([{ type: "COMPANY", canonical: acme, duplicate: other, confidence: "likely", reasons: ["SAME_NAME:acme"] }]);
    await store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: acme, superseded_uuid: other, preview: false, merged_by_user_uuid: null });
    expect(await everyPair()).toEqual([]);
  });
});

describe("duplicates.list: pages", () => {
  it("lists persons then companies, a page after a cursor starting after its pair even once that pair is merged", async () => {
    const acme = await company("Acme");
    await company("Acme Inc");
    const pairs: string[][] = [];
    for (const name of ["Ada One", "Bea Two", "Cy Three"]) pairs.push([await person(name, { primary_company_uuid: acme }), await person(name, { primary_company_uuid: acme })]);
    const first = await store.duplicates.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 2 });
    expect(first.rows.map((pair) => pair.canonical.name)).toEqual(["Ada One", "Bea Two"]);
    expect(first).toMatchObject({ total: 4, hasMore: true });
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: pairs[1]![0]!, superseded_uuid: pairs[1]![1]!, preview: false, merged_by_user_uuid: null });
    const second = await store.duplicates.list(tenantUuid, { position: { kind: "after", key: first.lastKey! }, limit: 2 });
    expect(second.rows.map((pair) => `${pair.entity_type} ${pair.canonical.name}`)).toEqual(["PERSON Cy Three", "COMPANY Acme"]);
    expect(second).toMatchObject({ total: null, hasMore: false });
  });

  it("gives an import's pairs: those with one of its records on either side", async () => {
    const acme = await company("Acme");
    const kept = await person("Eva Lind", { primary_company_uuid: acme });
    await person("Old Pair", { primary_company_uuid: acme });
    await person("Old Pair", { primary_company_uuid: acme });
    const imported = await person("Eva Lind", { primary_company_uuid: acme });
    const importedCompany = await company("ACME Inc.");
    const pairs = await store.duplicates.involving(tenantUuid, { personUuids: [imported], companyUuids: [importedCompany] });
    expect(pairs.map((pair) => [pair.canonical.uuid, pair.duplicate.uuid])).toEqual([
      [kept, imported],
      [acme, importedCompany],
    ]);
  });
});
