/**
 * An entity list's `updated_at` moves with every change of its members, also when a person or company merge or an
 * erasure makes it: a copy that re-reads the members of the lists whose `updated_at` moved misses none of those changes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-list-updated-at-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

describe("an entity list's updated_at", () => {
  let clock: number;
  let store: Store;
  let tenantUuid: string;
  beforeEach(async () => {
    clock = NOW;
    store = await createSqliteStore({ path: join(folder, `${Math.random().toString(36).slice(2)}.db`), now: () => clock });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  });
  afterEach(() => store.close());

  const person = (name: string) => store.persons.create({ tenant_uuid: tenantUuid, name });
  const listOf = async (name: string, memberUuids: string[]) => {
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name, kind: "persons", owner_user_uuid: null });
    if (memberUuids.length > 0) await store.entityLists.addMembers(tenantUuid, list.uuid, memberUuids, null);
    return list;
  };
  const updatedAt = async (listUuid: string) => (await store.entityLists.get(tenantUuid, listUuid))?.updated_at;
  const members = async (listUuid: string) =>
    (await store.entityLists.members(tenantUuid, listUuid, { position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((row) => row.entity_uuid);

  it("moves when a merge moves the superseded person's membership to the canonical person, or drops it as a duplicate", async () => {
    const [jordan, duplicate, cleo] = [await person("Jordan Blake"), await person("J. Blake"), await person("Cleo Park")];
    const movedTo = await listOf("Founders", [duplicate.uuid]);
    const droppedFrom = await listOf("Targets", [jordan.uuid, duplicate.uuid]);
    const untouched = await listOf("Others", [cleo.uuid]);
    clock += DAY;
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: jordan.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: null });
    expect(await members(movedTo.uuid)).toEqual([jordan.uuid]);
    expect(await updatedAt(movedTo.uuid)).toBe(clock);
    expect(await members(droppedFrom.uuid)).toEqual([jordan.uuid]);
    expect(await updatedAt(droppedFrom.uuid)).toBe(clock);
    expect(await updatedAt(untouched.uuid)).toBe(NOW);
  });

  it("moves when a company merge moves or drops the superseded company's membership", async () => {
    const company = (company_name: string) => store.companies.create({ tenant_uuid: tenantUuid, company_name });
    const [acme, duplicate] = [await company("Acme"), await company("Acme Inc")];
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "companies", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, list.uuid, [duplicate.uuid], null);
    clock += DAY;
    await store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: acme.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: null });
    expect(await members(list.uuid)).toEqual([acme.uuid]);
    expect(await updatedAt(list.uuid)).toBe(clock);
  });

  it("does not move on a merge preview", async () => {
    const [jordan, duplicate] = [await person("Jordan Blake"), await person("J. Blake")];
    const list = await listOf("Founders", [duplicate.uuid]);
    clock += DAY;
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: jordan.uuid, superseded_uuid: duplicate.uuid, preview: true, merged_by_user_uuid: null });
    expect(await updatedAt(list.uuid)).toBe(NOW);
  });

  it("moves when an erasure takes the person off it", async () => {
    const [zelda, cleo] = [await person("Zelda Quintero"), await person("Cleo Park")];
    const hers = await listOf("Targets", [zelda.uuid, cleo.uuid]);
    const others = await listOf("Others", [cleo.uuid]);
    clock += DAY;
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
    expect(await members(hers.uuid)).toEqual([cleo.uuid]);
    expect(await updatedAt(hers.uuid)).toBe(clock);
    expect(await updatedAt(others.uuid)).toBe(NOW);
  });
});
