/**
 * Users polled for changes: `users.list` by `updated_at` with `updated_after`, the way a sync learns that a user was
 * deactivated or reactivated (which moves many persons' scores) without comparing the whole list each pass.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store, UserListRequest } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-user-polling-"));
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

const firstPage = { position: { kind: "offset", offset: 0 }, limit: 50 } as const;
const names = async (request: Omit<UserListRequest, "position" | "limit">) => (await store.users.list(tenantUuid, { ...firstPage, ...request })).rows.map((user) => user.name);
async function user(name: string) {
  clock += 10;
  return store.users.create({ tenant_uuid: tenantUuid, name, email: `${name.toLowerCase()}@acme.example`, role: "member" });
}

describe("users.list for change polling", () => {
  it("lists the users changed at or after updated_after: a deactivation, a reactivation and a role change move updated_at", async () => {
    const [ada, ben] = [await user("Ada"), await user("Ben")];
    await user("Cleo");
    const watermark = clock + 1;
    expect(await names({ order: "asc", updated_after: watermark })).toEqual([]);

    clock += 10;
    expect(await store.users.deactivate(tenantUuid, ben.uuid)).toBe(true);
    const deactivated = (await store.users.list(tenantUuid, { ...firstPage, order: "asc", updated_after: watermark })).rows;
    expect(deactivated).toMatchObject([{ uuid: ben.uuid, is_active: false, updated_at: clock }]);

    clock += 10;
    expect(await store.users.reactivate(tenantUuid, ben.uuid)).toBe(true);
    clock += 10;
    await store.users.setRole(tenantUuid, ada.uuid, "administrator");
    // Inclusive, in change order; the newest change first is the next watermark.
    expect(await names({ order: "asc", sort_by: "updated_at", updated_after: watermark })).toEqual(["Ben", "Ada"]);
    const [newest] = (await store.users.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1, order: "desc", sort_by: "updated_at" })).rows;
    expect(newest).toMatchObject({ uuid: ada.uuid, updated_at: clock });
    expect(await names({ order: "asc", updated_after: clock })).toEqual(["Ada"]);
    // Without a filter: every user, by name as before.
    expect(await names({ order: "asc" })).toEqual(["Ada", "Ben", "Cleo"]);
  });

  it("pages by updated_at then uuid from a known row, as a cursor does", async () => {
    // Created out of name order: the pages follow the change times.
    for (const name of ["Fay", "Dan", "Eve"]) await user(name);
    const first = await store.users.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 2, order: "asc", sort_by: "updated_at" });
    expect(first.rows.map((row) => row.name)).toEqual(["Fay", "Dan"]);
    expect(first.hasMore).toBe(true);
    const rest = await store.users.list(tenantUuid, { position: { kind: "after", key: first.lastKey! }, limit: 2, order: "asc", sort_by: "updated_at" });
    expect(rest.rows.map((row) => row.name)).toEqual(["Eve"]);
    expect(rest.hasMore).toBe(false);
  });

  it("never lists another tenant's users", async () => {
    await user("Ada");
    const other = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    await store.users.create({ tenant_uuid: other, name: "Sam", email: "sam@globex.example", role: "member" });
    expect(await names({ order: "asc", updated_after: 0 })).toEqual(["Ada"]);
  });
});
