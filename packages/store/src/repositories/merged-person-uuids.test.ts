/** `persons.mergedPersonUuids`: which persons a merge removed into each live person, found by an index, remembered until persons change. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { planOnMigratedSchema, readDuring } from "../testing/sqlite-plans.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => clock++ });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const person = async (name: string) => (await store.persons.create({ tenant_uuid: tenantUuid, name })).uuid;
const merge = (canonical: string, superseded: string) =>
  store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });

describe("persons.mergedPersonUuids", () => {
  it("names the persons merged into each person, through earlier merges too, in uuid order", async () => {
    const [kept, first, second, untouched] = [await person("Ada"), await person("Ada L."), await person("A. Lovelace"), await person("Bob")];
    await merge(first, second);
    await merge(kept, first);
    expect(await store.persons.mergedPersonUuids(tenantUuid, [kept, untouched, first])).toEqual(new Map([[kept, [second, first].sort()]]));
  });

  it("remembers an answer until a person of the tenant changes: a merge or an erasure is seen at the next read", async () => {
    const [kept, first, second] = [await person("Ada"), await person("Ada L."), await person("A. Lovelace")];
    await merge(kept, first);
    expect(await store.persons.mergedPersonUuids(tenantUuid, [kept, second])).toEqual(new Map([[kept, [first]]]));
    const again = await readDuring(() => store.persons.mergedPersonUuids(tenantUuid, [kept, second]));
    expect(again.filter((source) => /merged_into_uuid/.test(source))).toEqual([]);

    await merge(kept, second);
    expect(await store.persons.mergedPersonUuids(tenantUuid, [kept])).toEqual(new Map([[kept, [first, second].sort()]]));
    expect(await store.persons.erase(tenantUuid, kept)).toBe(true);
    expect(await store.persons.mergedPersonUuids(tenantUuid, [kept])).toEqual(new Map());
  });

  it("answers lists a caller may change without changing what the next caller gets", async () => {
    const [kept, gone] = [await person("Ada"), await person("Ada L.")];
    await merge(kept, gone);
    (await store.persons.mergedPersonUuids(tenantUuid, [kept])).get(kept)!.push("not a person");
    expect(await store.persons.mergedPersonUuids(tenantUuid, [kept])).toEqual(new Map([[kept, [gone]]]));
  });

  it("reads another tenant's merges never", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const [kept, gone] = [await person("Ada"), await person("Ada L.")];
    await merge(kept, gone);
    expect(await store.persons.mergedPersonUuids(other, [kept])).toEqual(new Map());
  });

  it("seeks the merged rows by index rather than reading the tenant's persons", async () => {
    const [kept, gone] = [await person("Ada"), await person("Ada L.")];
    await merge(kept, gone);
    const [statement] = (await readDuring(() => store.persons.mergedPersonUuids(tenantUuid, [kept]))).filter((source) => /merged_into_uuid/.test(source));
    expect(await planOnMigratedSchema(statement!)).toMatch(/USING INDEX persons_by_merge_target/);
  });
});
