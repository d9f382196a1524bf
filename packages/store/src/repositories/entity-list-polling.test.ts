/**
 * Entity lists polled for changes: `entityLists.list` by `updated_at` with `updated_after`, which a rename, a
 * membership change and a person merge move, so a sync re-reads the members of those lists alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { EntityListListRequest, Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-list-polling-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let clock = 0;
let store: Store;
let tenantUuid: string;
let run = 0;
beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1);
  store = await createSqliteStore({ path: join(folder, `run-${run++}.db`), now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const names = async (request: Omit<EntityListListRequest, "position" | "limit">) =>
  (await store.entityLists.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, ...request })).rows.map((list) => list.name);
async function list(name: string) {
  clock += 10;
  return store.entityLists.create({ tenant_uuid: tenantUuid, name, kind: "persons", owner_user_uuid: null });
}

describe("entityLists.list for change polling", () => {
  it("lists the lists renamed or whose members changed at or after updated_after, in change order", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    const duplicate = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada L.", emails: ["ada.l@x.example"] });
    // Created out of name order: sort_by=updated_at follows the change times.
    const [zeta, alpha, mid] = [await list("Zeta"), await list("Alpha"), await list("Mid")];
    await store.entityLists.addMembers(tenantUuid, mid.uuid, [duplicate.uuid], null);
    const watermark = clock + 1;
    expect(await names({ updated_after: watermark })).toEqual([]);
    expect(await names({ sort_by: "updated_at" })).toEqual(["Zeta", "Alpha", "Mid"]);

    clock += 10;
    await store.entityLists.rename(tenantUuid, zeta.uuid, "Zeta 2");
    clock += 10;
    await store.entityLists.addMembers(tenantUuid, alpha.uuid, [ada.uuid], null);
    clock += 10;
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: null });
    expect(await names({ sort_by: "updated_at", updated_after: watermark })).toEqual(["Zeta 2", "Alpha", "Mid"]);
    expect(await names({ sort_by: "updated_at", order: "desc", updated_after: clock })).toEqual(["Mid"]);
    // By name by default, as before.
    expect(await names({})).toEqual(["Alpha", "Mid", "Zeta 2"]);
  });

  it("never lists another tenant's lists", async () => {
    await list("Ours");
    const other = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    await store.entityLists.create({ tenant_uuid: other, name: "Theirs", kind: "persons", owner_user_uuid: null });
    expect(await names({ updated_after: 0 })).toEqual(["Ours"]);
  });
});
