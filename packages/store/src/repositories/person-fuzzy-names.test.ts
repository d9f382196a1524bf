/**
 * The person list's fuzzy `name` retry: a misspelt name lists the closest names when nobody's name holds every word,
 * closest first unless `sort_by` is given, paged by offset and cursor, within the tenant.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { PersonListRequest, Store } from "../store.js";
import { FUZZY_NAME_CANDIDATES, FUZZY_NAME_MATCHES, fuzzyNameRanking } from "./person-fuzzy-names.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  for (const name of ["Jon Smyth", "John Smith", "Joan Smithers", "Priya Narayanan", "Dana Moss", "Łukasz Müller"]) {
    await store.persons.create({ tenant_uuid: tenantUuid, name });
  }
});

async function names(name: string, request: Partial<PersonListRequest> = {}) {
  const page = await store.persons.list(tenantUuid, { filters: { name }, order: "asc", position: { kind: "offset", offset: 0 }, limit: 25, ...request });
  return page.rows.map((person) => person.name);
}

describe("fuzzyNameRanking", () => {
  it("ranks the closest folded names first and leaves out names without a word starting with each word's letter", () => {
    const persons = [
      { uuid: "c", name: "Joan Smithers" },
      { uuid: "a", name: "John Smith" },
      { uuid: "b", name: "Dana Moss" },
      { uuid: "d", name: "Mon Smith" },
    ];
    expect(fuzzyNameRanking(persons, "jonh smith")).toEqual(["a"]);
    expect(fuzzyNameRanking(persons, "joan smith")).toEqual(["c", "a"]);
    expect(fuzzyNameRanking(persons, "john smith")).toEqual(["a", "c"]);
    expect(fuzzyNameRanking([{ uuid: "e", name: "Łukasz Müller-Ötzi" }], "lukas otzi")).toEqual(["e"]);
  });

  it("finds a name whose first letter is misspelt, by the word's sound or second letter, when no first letter matches", () => {
    const persons = [
      { uuid: "a", name: "Chris Smith" },
      { uuid: "b", name: "Philip Dubois" },
      { uuid: "c", name: "Dana Moss" },
      { uuid: "d", name: "Zoe Quist" },
    ];
    expect(fuzzyNameRanking(persons, "kris smith")).toEqual(["a"]);
    expect(fuzzyNameRanking(persons, "xmith")).toEqual(["a"]);
    expect(fuzzyNameRanking(persons, "filip dubois")).toEqual(["b"]);
    expect(fuzzyNameRanking(persons, "dmith")).toEqual(["a"]);
    expect(fuzzyNameRanking(persons, "kris")).toEqual(["a"]);
    // A word must still match fuzzily: a misspelt first letter is no licence for another name.
    expect(fuzzyNameRanking(persons, "kris dubois")).toEqual([]);
  });

  it("compares names by sound only when no name sharing the first letters matches", () => {
    const persons = [
      { uuid: "a", name: "Chris Smith" },
      { uuid: "b", name: "Kristen Smith" },
    ];
    expect(fuzzyNameRanking(persons, "kris smith")).toEqual(["b"]);
  });

  it("keeps at most FUZZY_NAME_MATCHES", () => {
    const persons = Array.from({ length: FUZZY_NAME_MATCHES + 5 }, (_, index) => ({ uuid: String(index).padStart(4, "0"), name: `Contact ${index}` }));
    expect(fuzzyNameRanking(persons, "contakt")).toHaveLength(FUZZY_NAME_MATCHES);
  });

  it("past FUZZY_NAME_CANDIDATES names sharing the text's initials, compares those closest, not the first by position", () => {
    // Every name shares the initials of `contcat <n>` when n starts with 1: the person meant sits past the first
    // FUZZY_NAME_CANDIDATES, which were all that was compared.
    const count = FUZZY_NAME_CANDIDATES + 5_000;
    const persons = Array.from({ length: count }, (_, index) => ({ uuid: String(index).padStart(6, "0"), name: `Contact 1${index}` }));
    const last = count - 1;
    expect(fuzzyNameRanking(persons, `contcat 1${last}`)[0]).toBe(String(last).padStart(6, "0"));
  });
});

describe("persons.list with a misspelt name", () => {
  it("lists the closest names when nobody matches, closest first whatever the order, and keeps the exact pass when someone does", async () => {
    expect((await names("jonh smith"))[0]).toBe("John Smith");
    expect((await names("jonh smith", { order: "desc" }))[0]).toBe("John Smith");
    expect(await names("priya naraynan")).toEqual(["Priya Narayanan"]);
    expect(await names("lukas muler")).toEqual(["Łukasz Müller"]);
    expect(await names("smith")).toEqual(expect.arrayContaining(["John Smith", "Joan Smithers"]));
    expect(await names("smith")).not.toContain("Jon Smyth");
    expect(await names("zzqx")).toEqual([]);
  });

  it("lists a name whose first letter is misspelt", async () => {
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Philip Dubois" });
    expect(await names("filip dubois")).toEqual(["Philip Dubois"]);
    expect(await names("lukasz xuller")).toEqual(["Łukasz Müller"]);
  });

  it("orders the fuzzy matches by sort_by when it is given", async () => {
    const byName = await names("jonh smith", { sort_by: "name" });
    expect(byName.length).toBeGreaterThan(1);
    expect(byName).toEqual([...byName].sort());
    expect(await names("jonh smith", { sort_by: "name", order: "desc" })).toEqual([...byName].reverse());
  });

  it("pages the closest-first matches by offset and by cursor alike, with their total", async () => {
    const all = await names("jonh smith");
    const request = { filters: { name: "jonh smith" }, order: "asc" as const, limit: 1 };
    const first = await store.persons.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
    expect(first.total).toBe(all.length);
    const walked = [first.rows[0]!.name];
    let last = first;
    while (last.hasMore) {
      last = await store.persons.list(tenantUuid, { ...request, position: { kind: "after", key: last.lastKey! } });
      walked.push(...last.rows.map((person) => person.name));
    }
    expect(walked).toEqual(all);
  });

  it("never lists another tenant's persons", async () => {
    const otherUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await store.persons.create({ tenant_uuid: otherUuid, name: "Wilhelmina Quist" });
    expect(await names("wilhelmena quist")).toEqual([]);
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Wilhelmina Quist" });
    expect(await names("wilhelmena quist")).toEqual(["Wilhelmina Quist"]);
  });
});
