/** `apiKeys.rotate`: a new key of the same scope, and the replaced key working until its grace period ends. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const HOUR = 3_600_000;
let clock = 1_000_000;
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  clock = 1_000_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

async function createUserKey() {
  const user = await store.users.create({ tenant_uuid: tenantUuid, name: "Ann", email: "ann@acme.example", role: "member" });
  return store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: user.uuid, key_hash: "old-hash", key_prefix: "pk_old", label: "crm sync", read_only: true });
}

describe("apiKeys.rotate", () => {
  it("makes a key of the same user, label and read-only flag; the old one works until its grace period ends", async () => {
    const old = await createUserKey();
    const rotated = await store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "new-hash", key_prefix: "pk_new" }, { graceMs: 2 * HOUR });
    expect(rotated?.key).toMatchObject({ tenant_uuid: tenantUuid, user_uuid: old.user_uuid, label: "crm sync", read_only: true, key_prefix: "pk_new", expires_at: null, revoked_at: null });
    expect(rotated?.replaced).toMatchObject({ uuid: old.uuid, expires_at: clock + 2 * HOUR, revoked_at: null });
    // Looked up once before the expiry, so the owner is remembered when the expiry passes.
    expect((await store.apiKeys.findActiveByHash("old-hash"))?.key.uuid).toBe(old.uuid);
    clock += 2 * HOUR - 1;
    expect((await store.apiKeys.findActiveByHash("old-hash"))?.key.expires_at).toBe(1_000_000 + 2 * HOUR);
    clock += 1;
    expect(await store.apiKeys.findActiveByHash("old-hash")).toBeNull();
    expect((await store.apiKeys.findActiveByHash("new-hash"))?.key.uuid).toBe(rotated?.key.uuid);
    // Made in the same millisecond, keys are listed in uuid order: compared by prefix.
    expect(new Map((await store.apiKeys.list(tenantUuid)).map((key) => [key.key_prefix, key.expires_at]))).toEqual(
      new Map([
        ["pk_old", 1_000_000 + 2 * HOUR],
        ["pk_new", null],
      ]),
    );
  });

  it("gives the new key the old one's lineage, through every rotation; a key no rotation made is its own", async () => {
    const old = await createUserKey();
    expect(old.lineage_uuid).toBe(old.uuid);
    const first = await store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "first-hash", key_prefix: "pk_first" }, { graceMs: HOUR });
    const second = await store.apiKeys.rotate(tenantUuid, first!.key.uuid, { key_hash: "second-hash", key_prefix: "pk_second" }, { graceMs: 0 });
    expect([first?.key.lineage_uuid, first?.replaced.lineage_uuid, second?.key.lineage_uuid]).toEqual([old.uuid, old.uuid, old.uuid]);
    expect((await store.apiKeys.findActiveByHash("second-hash"))?.key.lineage_uuid).toBe(old.uuid);
    const other = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: old.user_uuid, key_hash: "other-hash", key_prefix: "pk_other" });
    expect(new Map((await store.apiKeys.list(tenantUuid)).map((key) => [key.key_prefix, key.lineage_uuid]))).toEqual(
      new Map([
        ["pk_old", old.uuid],
        ["pk_first", old.uuid],
        ["pk_second", old.uuid],
        ["pk_other", other.uuid],
      ]),
    );
  });

  it("revokes the old key at once with no grace", async () => {
    const old = await createUserKey();
    const rotated = await store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "new-hash", key_prefix: "pk_new" }, { graceMs: 0 });
    expect(rotated?.replaced).toMatchObject({ revoked_at: clock, expires_at: null });
    expect(await store.apiKeys.findActiveByHash("old-hash")).toBeNull();
  });

  it("refuses a revoked key and one rotated already, writing nothing; an unknown key is null", async () => {
    const old = await createUserKey();
    await store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "new-hash", key_prefix: "pk_new" }, { graceMs: HOUR });
    await expect(store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "other", key_prefix: "pk_other" }, { graceMs: HOUR })).rejects.toThrow(
      new ConflictError(`apiKeys.rotate: key ${old.uuid} expires already, at ${clock + HOUR}`),
    );
    const revoked = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: null, key_hash: "revoked-hash", key_prefix: "pk_rev" });
    await store.apiKeys.revoke(tenantUuid, revoked.uuid);
    await expect(store.apiKeys.rotate(tenantUuid, revoked.uuid, { key_hash: "other", key_prefix: "pk_other" }, { graceMs: HOUR })).rejects.toThrow(ConflictError);
    await expect(store.apiKeys.rotate(tenantUuid, old.uuid, { key_hash: "other", key_prefix: "pk_other" }, { graceMs: -1 })).rejects.toThrow(InvalidInputError);
    expect(await store.apiKeys.rotate(tenantUuid, "00000000-0000-4000-8000-000000000000", { key_hash: "other", key_prefix: "pk_other" }, { graceMs: HOUR })).toBeNull();
    const otherTenant = await store.tenants.create({ name: "Other", tier: "standard" });
    expect(await store.apiKeys.rotate(otherTenant.uuid, old.uuid, { key_hash: "other", key_prefix: "pk_other" }, { graceMs: HOUR })).toBeNull();
    expect((await store.apiKeys.list(tenantUuid)).map((key) => key.key_prefix).sort()).toEqual(["pk_new", "pk_old", "pk_rev"]);
  });
});
