/**
 * A merge's list memberships: on a list that had both persons, the earlier membership is the one kept, in its place;
 * `moved` counts the memberships moved, not a duplicate dropped.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

describe("a merge's list memberships", () => {
  let clock: number;
  let store: Store;
  let tenantUuid: string;
  let adaUuid: string;
  let bellUuid: string;
  beforeEach(async () => {
    clock = NOW;
    store = await createSqliteStore({ path: ":memory:", now: () => clock });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    adaUuid = (await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "administrator" })).uuid;
    bellUuid = (await store.users.create({ tenant_uuid: tenantUuid, name: "Bell", email: "bell@acme.example", role: "member" })).uuid;
  });
  afterEach(() => store.close());

  const person = (name: string) => store.persons.create({ tenant_uuid: tenantUuid, name });
  const membersOf = async (listUuid: string) =>
    (await store.entityLists.members(tenantUuid, listUuid, { position: { kind: "offset", offset: 0 }, limit: 10 })).rows;
  const merge = (canonical: string, superseded: string) =>
    store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });

  async function listWithBoth(first: string, second: string) {
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Founders", kind: "persons", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, list.uuid, [first], adaUuid);
    clock += DAY;
    await store.entityLists.addMembers(tenantUuid, list.uuid, [second], bellUuid);
    clock += DAY;
    return list;
  }

  it("keeps the superseded person's membership, moved to the canonical person, when it is the earlier", async () => {
    const [jordan, duplicate] = [await person("Jordan Blake"), await person("J. Blake")];
    const list = await listWithBoth(duplicate.uuid, jordan.uuid);
    await merge(jordan.uuid, duplicate.uuid);
    expect(await membersOf(list.uuid)).toEqual([{ entity_uuid: jordan.uuid, added_at: NOW, added_by_user_uuid: adaUuid }]);
  });

  it("keeps the canonical person's membership when it is the earlier", async () => {
    const [jordan, duplicate] = [await person("Jordan Blake"), await person("J. Blake")];
    const list = await listWithBoth(jordan.uuid, duplicate.uuid);
    await merge(jordan.uuid, duplicate.uuid);
    expect(await membersOf(list.uuid)).toEqual([{ entity_uuid: jordan.uuid, added_at: NOW, added_by_user_uuid: adaUuid }]);
  });

  it("keeps the earlier of two added in one call in its place, and counts a dropped duplicate as not moved", async () => {
    const [jordan, duplicate, other] = [await person("Jordan Blake"), await person("J. Blake"), await person("Other")];
    const ranked = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Ranked", kind: "persons", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, ranked.uuid, [duplicate.uuid, other.uuid, jordan.uuid], adaUuid);
    const onlySuperseded = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "persons", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, onlySuperseded.uuid, [duplicate.uuid], bellUuid);
    const outcome = await merge(jordan.uuid, duplicate.uuid);
    expect(outcome.moved.list_memberships).toBe(1);
    expect((await membersOf(ranked.uuid)).map((row) => row.entity_uuid)).toEqual([jordan.uuid, other.uuid]);
    expect((await membersOf(onlySuperseded.uuid)).map((row) => row.entity_uuid)).toEqual([jordan.uuid]);
  });

  it("moves a membership only the superseded person had as it was", async () => {
    const [jordan, duplicate] = [await person("Jordan Blake"), await person("J. Blake")];
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "persons", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, list.uuid, [duplicate.uuid], bellUuid);
    clock += DAY;
    await merge(jordan.uuid, duplicate.uuid);
    expect(await membersOf(list.uuid)).toEqual([{ entity_uuid: jordan.uuid, added_at: NOW, added_by_user_uuid: bellUuid }]);
  });
});
