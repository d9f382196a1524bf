/** `apiKeys.deleteRetired`: keys revoked or expired before a time go, with their last uses; the others stay. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

const DAY = 86_400_000;
const folder = mkdtempSync(join(tmpdir(), "rapport-retired-keys-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function keyUsesIn(path: string): string[] {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    return sqlite.prepare("select key_uuid from api_key_uses order by key_uuid").pluck().all() as string[];
  } finally {
    sqlite.close();
  }
}

/** Two tenants' keys, retired at day 100 or day 140 or not at all; the store reopened at day 150, its uses written. */
async function retiredKeys(name: string) {
  const path = join(folder, `${name}.db`);
  let clock = 100 * DAY;
  let store = await createSqliteStore({ path, now: () => clock });
  const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
  const key = (tenant: string, name: string) => {
    clock += 1;
    return store.apiKeys.create({ tenant_uuid: tenant, user_uuid: null, key_hash: `hash-${name}`, key_prefix: `pk_${name}`, label: name });
  };
  const keys = {
    revokedLongAgo: await key(acme, "revoked-long-ago"),
    rotatedLongAgo: await key(acme, "rotated-long-ago"),
    working: await key(acme, "working"),
    revokedLately: await key(acme, "revoked-lately"),
    inGrace: await key(acme, "in-grace"),
    othersRevokedLongAgo: await key(other, "others-revoked-long-ago"),
  };
  for (const used of [keys.revokedLongAgo, keys.working, keys.othersRevokedLongAgo]) store.apiKeys.noteUse(used, "rest");
  await store.apiKeys.revoke(acme, keys.revokedLongAgo.uuid);
  await store.apiKeys.revoke(other, keys.othersRevokedLongAgo.uuid);
  await store.apiKeys.rotate(acme, keys.rotatedLongAgo.uuid, { key_hash: "hash-rotated-new", key_prefix: "pk_rotated_new" }, { graceMs: DAY });
  clock = 140 * DAY;
  await store.apiKeys.revoke(acme, keys.revokedLately.uuid);
  await store.apiKeys.rotate(acme, keys.inGrace.uuid, { key_hash: "hash-grace-new", key_prefix: "pk_grace_new" }, { graceMs: 20 * DAY });
  // The uses are written when the store closes, as a server's are within a minute.
  await store.close();
  clock = 150 * DAY;
  store = await createSqliteStore({ path, now: () => clock });
  return { path, store, acme, other, keys };
}

describe("apiKeys.deleteRetired", () => {
  it("deletes the keys revoked or expired before the time, of every tenant, with their last uses (and uses of no key); keeps the others", async () => {
    const { path, store, acme, other, keys } = await retiredKeys("every-tenant");
    expect(keyUsesIn(path)).toHaveLength(3);
    // A use a server wrote after its key was deleted (its last flush, behind a prune): no key holds it.
    const writer = new SqliteDatabase(path);
    writer.prepare("insert into api_key_uses (key_uuid, tenant_uuid, last_used_at, last_used_via) values ('gone', ?, 1, 'rest')").run(acme);
    writer.close();
    const deleted = await store.apiKeys.deleteRetired({ retiredBefore: 120 * DAY });
    expect(new Set(deleted.map((key) => key.label))).toEqual(new Set(["revoked-long-ago", "rotated-long-ago", "others-revoked-long-ago"]));
    expect((await store.apiKeys.list(acme)).map((key) => key.label).sort()).toEqual(["in-grace", "in-grace", "revoked-lately", "rotated-long-ago", "working"]);
    expect((await store.apiKeys.list(other)).map((key) => key.label)).toEqual([]);
    expect(keyUsesIn(path)).toEqual([keys.working.uuid]);
    // The replacement made by the rotation is a working key and stays (it has the replaced one's label).
    expect((await store.apiKeys.list(acme)).find((key) => key.label === "rotated-long-ago")?.key_prefix).toBe("pk_rotated_new");
    expect(await store.apiKeys.findActiveByHash("hash-revoked-long-ago")).toBeNull();
    expect(await store.apiKeys.deleteRetired({ retiredBefore: 120 * DAY })).toEqual([]);
    await store.close();
  });

  it("keeps to one tenant when told, and refuses a time that is not epoch milliseconds", async () => {
    const { store, acme, other, keys } = await retiredKeys("one-tenant");
    const deleted = await store.apiKeys.deleteRetired({ retiredBefore: 145 * DAY, tenantUuid: other });
    expect(deleted.map((key) => key.uuid)).toEqual([keys.othersRevokedLongAgo.uuid]);
    expect(await store.apiKeys.list(acme)).toHaveLength(7);
    await expect(store.apiKeys.deleteRetired({ retiredBefore: Number.NaN })).rejects.toThrow(InvalidInputError);
    await store.close();
  });
});
