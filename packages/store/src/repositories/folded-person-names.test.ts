/**
 * The fuzzy `name` retry of the person list reads and folds the tenant's names once, remembered until a person of
 * the tenant changes: each retry used to read every name of the tenant again (at benchmark scale M about 40 ms of
 * CPU a retry). What it finds is what reading them afresh finds.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { PersonListFilters, Store } from "../store.js";
import { readsMatchingDuring } from "../testing/sqlite-plans.js";
import { FoldedPersonNames } from "./folded-person-names.js";
import { fuzzyNameRanking } from "./person-fuzzy-names.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

/** The statement that reads every live person's name of a tenant. */
const EVERY_NAME = /^select "persons"\."uuid", "persons"\."name" from "persons" where "tenant_uuid" = \? and "deleted_at" is null$/;

async function names(filters: PersonListFilters, tenant = tenantUuid): Promise<string[]> {
  const page = await store.persons.list(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, filters, order: "asc" });
  return page.rows.map((person) => person.name);
}

const create = async (name: string, tenant = tenantUuid) => store.persons.create({ tenant_uuid: tenant, name });

describe("the fuzzy name retry's names", () => {
  it("are read once while no person of the tenant changes, and afresh after a rename, a new person or a deletion", async () => {
    const john = await create("John Smith");
    const mary = await create("Mary Jones");
    await create("Peter Walker");
    const reads = (filters: PersonListFilters) => readsMatchingDuring(EVERY_NAME, () => names(filters));
    expect(await reads({ name: "jon smyth" })).toBe(1);
    expect(await reads({ name: "jon smyth" })).toBe(0);
    expect(await reads({ name: "petr walkr" })).toBe(0);
    expect(await names({ name: "jon smyth" })).toEqual(["John Smith"]);

    await store.persons.update(tenantUuid, mary.uuid, { name: "Joan Smith" });
    expect(await reads({ name: "jon smyth" })).toBe(1);
    // John and Joan are equally close (one letter each): tied, they come in uuid order.
    expect((await names({ name: "jon smyth" })).sort()).toEqual(["Joan Smith", "John Smith"]);
    await create("Jon Smit");
    const three = await names({ name: "jon smyth" });
    expect([three[0], ...three.slice(1).sort()]).toEqual(["Jon Smit", "Joan Smith", "John Smith"]);
    await store.persons.erase(tenantUuid, john.uuid);
    expect(await names({ name: "jon smyth" })).toEqual(["Jon Smit", "Joan Smith"]);
  });

  it("are the tenant's own: another tenant's persons are never among them", async () => {
    const other = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    await create("John Smith");
    await create("Jon Smithers", other);
    expect(await names({ name: "jon smyth" })).toEqual(["John Smith"]);
    expect(await names({ name: "jon smyth" }, other)).toEqual(["Jon Smithers"]);
    expect(await names({ name: "jon smyth" })).toEqual(["John Smith"]);
  });

  it("rank as the names themselves do", () => {
    const persons = [
      { uuid: "a", name: "José Müller" },
      { uuid: "b", name: "Conan O'Brien" },
      { uuid: "c", name: "Anne-Marie Straße" },
      { uuid: "d", name: "" },
      { uuid: "e", name: "Chris Smith" },
    ];
    const folded = new FoldedPersonNames(persons);
    expect(folded.partsAt(1)).toEqual(["conan", "o", "brien"]);
    expect(folded.foldedNameAt(1)).toBe("conan obrien");
    expect(folded.partsAt(3)).toEqual([]);
    for (const text of ["jose muler", "conan obrian", "anne strasse", "kris smith", "zzz"]) expect(fuzzyNameRanking(folded, text), text).toEqual(fuzzyNameRanking(persons, text));
    expect(fuzzyNameRanking(folded, "kris smith")).toEqual(["e"]);
  });

  it("read each word in place, its first sound asked once and remembered with the names, none too", () => {
    const folded = new FoldedPersonNames([
      { uuid: "a", name: "Chris Smith" },
      { uuid: "b", name: "Ada 12" },
    ]);
    const words: string[] = [];
    folded.somePart(0, (part) => (words.push(`${folded.partUnitAt(part, 0)}${folded.partUnitAt(part, 1)}${folded.partUnitAt(part, 9)}`), false));
    expect(words).toEqual(["chundefined", "smundefined"]);
    const asked: string[] = [];
    const soundOf = (word: string) => (asked.push(word), /^[a-z]/.test(word) ? word[0]!.toUpperCase() : "");
    const sounds = () => [0, 1, 2, 3].map((part) => folded.partSound(part, soundOf));
    expect(sounds()).toEqual(["C", "S", "A", ""]);
    expect(sounds()).toEqual(["C", "S", "A", ""]);
    expect(asked).toEqual(["chris", "smith", "ada", "12"]);
  });
});
