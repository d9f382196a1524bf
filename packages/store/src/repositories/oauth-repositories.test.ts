/** The OAuth authorization server's storage: models with their indexes, signing keys, login passwords; the settings it keeps its cookie keys in. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-store-oauth-"));
  folders.push(folder);
  return join(folder, "rapport.db");
}

const grantedCode = (id: string, grantId: string) => ({
  model: "AuthorizationCode",
  id,
  payload: { jti: id, grantId, accountId: "t:u" },
  grant_id: grantId,
  uid: null,
  user_code: null,
  expires_at: 2_000,
});

describe("oauthModels", () => {
  it("upserts, finds by id, uid and user code, consumes and destroys, and survives a restart", async () => {
    const path = temporaryDatabasePath();
    const store = await createSqliteStore({ path });
    await store.oauthModels.upsert({ model: "Session", id: "s1", payload: { uid: "u1", accountId: "a" }, grant_id: null, uid: "u1", user_code: null, expires_at: null });
    await store.oauthModels.upsert({ model: "Session", id: "s1", payload: { uid: "u1", accountId: "b" }, grant_id: null, uid: "u1", user_code: null, expires_at: 5_000 });
    expect(await store.oauthModels.find("Session", "s1")).toMatchObject({ payload: { accountId: "b" }, expires_at: 5_000, consumed_at: null });
    expect(await store.oauthModels.find("Grant", "s1")).toBeNull();
    expect((await store.oauthModels.findByUid("Session", "u1"))?.id).toBe("s1");
    await store.oauthModels.upsert({ model: "DeviceCode", id: "d1", payload: {}, grant_id: null, uid: null, user_code: "ABCD", expires_at: null });
    expect((await store.oauthModels.findByUserCode("DeviceCode", "ABCD"))?.id).toBe("d1");
    await store.oauthModels.upsert(grantedCode("c1", "g1"));
    await store.oauthModels.consume("AuthorizationCode", "c1", 1_500);
    await store.close();

    const reopened = await createSqliteStore({ path });
    expect((await reopened.oauthModels.find("AuthorizationCode", "c1"))?.consumed_at).toBe(1_500);
    await reopened.oauthModels.destroy("Session", "s1");
    expect(await reopened.oauthModels.find("Session", "s1")).toBeNull();
    await reopened.close();
  });

  it("revokes every object of a grant and only those, and deletes expired objects", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    await store.oauthModels.upsert(grantedCode("c1", "g1"));
    await store.oauthModels.upsert({ ...grantedCode("t1", "g1"), model: "AccessToken" });
    await store.oauthModels.upsert(grantedCode("c2", "g2"));
    expect(await store.oauthModels.revokeByGrantId("g1")).toBe(2);
    expect(await store.oauthModels.find("AccessToken", "t1")).toBeNull();
    expect(await store.oauthModels.find("AuthorizationCode", "c2")).not.toBeNull();
    await store.oauthModels.upsert({ ...grantedCode("c3", "g3"), expires_at: null });
    expect(await store.oauthModels.deleteExpired(2_001)).toBe(1);
    expect(await store.oauthModels.find("AuthorizationCode", "c3")).not.toBeNull();
    await store.close();
  });

  it("lists a model's ids and moves an object to a new id, keeping its indexes, expiry and consumption", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    await store.oauthModels.upsert(grantedCode("c1", "g1"));
    await store.oauthModels.consume("AuthorizationCode", "c1", 1_500);
    await store.oauthModels.upsert({ ...grantedCode("t1", "g1"), model: "AccessToken" });
    expect(await store.oauthModels.listIds("AuthorizationCode")).toEqual(["c1"]);

    expect(await store.oauthModels.rekey("AuthorizationCode", "c1", "h1", { grantId: "g1" })).toBe(true);
    expect(await store.oauthModels.find("AuthorizationCode", "c1")).toBeNull();
    expect(await store.oauthModels.find("AuthorizationCode", "h1")).toEqual({
      model: "AuthorizationCode",
      id: "h1",
      payload: { grantId: "g1" },
      grant_id: "g1",
      uid: null,
      user_code: null,
      expires_at: 2_000,
      consumed_at: 1_500,
    });
    expect(await store.oauthModels.rekey("AuthorizationCode", "c1", "h1", {})).toBe(false);
    expect(await store.oauthModels.listIds("AuthorizationCode")).toEqual(["h1"]);

    // Moved already (by another node): the object under the new id is kept and the old one goes.
    await store.oauthModels.upsert({ ...grantedCode("h2", "g1"), payload: { kept: true } });
    await store.oauthModels.upsert(grantedCode("c2", "g1"));
    expect(await store.oauthModels.rekey("AuthorizationCode", "c2", "h2", { kept: false })).toBe(true);
    expect((await store.oauthModels.find("AuthorizationCode", "h2"))?.payload).toEqual({ kept: true });
    expect((await store.oauthModels.listIds("AuthorizationCode")).sort()).toEqual(["h1", "h2"]);
    expect(await store.oauthModels.rekey("AuthorizationCode", "h1", "h1", { rewritten: true })).toBe(true);
    expect(await store.oauthModels.find("AuthorizationCode", "h1")).toMatchObject({ payload: { rewritten: true }, consumed_at: 1_500 });
    expect(await store.oauthModels.revokeByGrantId("g1")).toBe(3);
    await store.close();
  });
});

describe("oauthSigningKeys", () => {
  it("keeps the first key stored under a kid, oldest first", async () => {
    let clock = 10;
    const store = await createSqliteStore({ path: ":memory:", now: () => clock++ });
    await store.oauthSigningKeys.add({ kid: "k1", private_jwk: { kty: "RSA", d: "first" } });
    await store.oauthSigningKeys.add({ kid: "k1", private_jwk: { kty: "RSA", d: "second" } });
    await store.oauthSigningKeys.add({ kid: "k0", private_jwk: { kty: "RSA", d: "later" } });
    expect(await store.oauthSigningKeys.list()).toEqual([
      { kid: "k1", private_jwk: { kty: "RSA", d: "first" }, created_at: 10 },
      { kid: "k0", private_jwk: { kty: "RSA", d: "later" }, created_at: 12 },
    ]);
    await store.close();
  });

  it("removes a key by kid, and says whether there was one", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    await store.oauthSigningKeys.add({ kid: "old", private_jwk: { kty: "RSA", d: "old" } });
    await store.oauthSigningKeys.add({ kid: "new", private_jwk: { kty: "RSA", d: "new" } });
    expect(await store.oauthSigningKeys.remove("old")).toBe(true);
    expect(await store.oauthSigningKeys.remove("old")).toBe(false);
    expect((await store.oauthSigningKeys.list()).map((key) => key.kid)).toEqual(["new"]);
    await store.close();
  });
});

describe("settings", () => {
  it("sets a value, replacing the stored one, which getOrCreate then returns", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    await store.settings.set("secret", "first");
    expect(await store.settings.getOrCreate("secret", () => "created")).toBe("first");
    await store.settings.set("secret", "second");
    expect(await store.settings.get("secret")).toBe("second");
    await store.close();
  });
});

describe("userPasswords", () => {
  it("sets a hash only for a user of the tenant, and finds login candidates across live tenants", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const acme = await store.tenants.create({ name: "Acme", tier: "standard" });
    const beta = await store.tenants.create({ name: "Beta", tier: "standard" });
    const gone = await store.tenants.create({ name: "Gone", tier: "standard" });
    const ada = await store.users.create({ tenant_uuid: acme.uuid, name: "Ada", email: "ada@example.com", role: "member" });
    const adaBeta = await store.users.create({ tenant_uuid: beta.uuid, name: "Ada B", email: "ada@example.com", role: "member" });
    const adaGone = await store.users.create({ tenant_uuid: gone.uuid, name: "Ada G", email: "ada@example.com", role: "member" });
    expect(await store.userPasswords.set(beta.uuid, ada.uuid, "hash")).toBe(false);
    expect(await store.userPasswords.set(acme.uuid, ada.uuid, "hash-1")).toBe(true);
    expect(await store.userPasswords.set(acme.uuid, ada.uuid, "hash-2")).toBe(true);
    expect(await store.userPasswords.get(acme.uuid, ada.uuid)).toBe("hash-2");
    expect(await store.userPasswords.get(beta.uuid, adaBeta.uuid)).toBeNull();
    await store.userPasswords.set(beta.uuid, adaBeta.uuid, "hash-b");
    await store.userPasswords.set(gone.uuid, adaGone.uuid, "hash-g");
    await store.tenants.delete(gone.uuid);
    expect(await store.userPasswords.findLoginCandidates(" ADA@example.com")).toEqual([
      { tenant_uuid: acme.uuid, tenant_name: "Acme", user_uuid: ada.uuid, user_name: "Ada", password_hash: "hash-2" },
      { tenant_uuid: beta.uuid, tenant_name: "Beta", user_uuid: adaBeta.uuid, user_name: "Ada B", password_hash: "hash-b" },
    ]);
    await store.users.deactivate(beta.uuid, adaBeta.uuid);
    expect((await store.userPasswords.findLoginCandidates("ada@example.com")).map((candidate) => candidate.tenant_name)).toEqual(["Acme"]);
    expect(await store.userPasswords.findLoginCandidates("nobody@example.com")).toEqual([]);
    await store.close();
  });
});
