/** The oidc-provider adapter: expiry by the authorization server's clock, consumption, grant revocation, secret ids hashed. */
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashedOAuthId } from "./oauth-secret-ids.js";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";
import { UNUSED_CLIENT_TTL_SECONDS } from "./unused-client-expiry.js";

let store: Store;
let now: number;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  now = 1_000_000;
});
afterEach(() => store.close());

const adapter = (model: string) => new StoreOidcAdapter(model, store, () => now);

describe("StoreOidcAdapter", () => {
  it("finds a stored object until it expires", async () => {
    await adapter("Session").upsert("s1", { jti: "s1", uid: "u1", accountId: "a" }, 60);
    expect(await adapter("Session").find("s1")).toEqual({ jti: "s1", uid: "u1", accountId: "a" });
    expect(await adapter("Session").findByUid("u1")).toEqual({ uid: "u1", accountId: "a" });
    expect(await adapter("Grant").find("s1")).toBeUndefined();
    now += 60_000;
    expect(await adapter("Session").find("s1")).toBeUndefined();
  });

  it("keeps objects without a lifetime, and finds device codes by user code", async () => {
    await adapter("Grant").upsert("g1", { accountId: "a" });
    await adapter("DeviceCode").upsert("d1", { userCode: "ABCD-EFGH" }, 600);
    now += 365 * 24 * 3600 * 1000;
    expect(await adapter("Grant").find("g1")).toEqual({ accountId: "a" });
    now = 1_000_000;
    expect(await adapter("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });
  });

  it("lets a registered client and its registration access token expire unless a grant is made to the client", async () => {
    const register = async (clientId: string) => {
      await adapter("Client").upsert(clientId, { client_id: clientId });
      await adapter("RegistrationAccessToken").upsert(`rat-of-${clientId}-0123456789`, { jti: `rat-of-${clientId}-0123456789`, clientId });
    };
    const stored = async (clientId: string) => [
      (await store.oauthModels.find("Client", clientId))?.expires_at,
      (await store.oauthModels.find("RegistrationAccessToken", hashedOAuthId(`rat-of-${clientId}-0123456789`)))?.expires_at,
    ];
    await register("unused");
    await register("used");
    const expiry = now + UNUSED_CLIENT_TTL_SECONDS * 1000;
    expect(await stored("unused")).toEqual([expiry, expiry]);
    now += 60_000;
    await adapter("Grant").upsert("g1", { accountId: "a", clientId: "used" }, 2 * UNUSED_CLIENT_TTL_SECONDS);
    expect(await stored("used")).toEqual([null, null]);
    expect(await stored("unused")).toEqual([expiry, expiry]);

    now = expiry;
    expect(await adapter("Client").find("unused")).toBeUndefined();
    expect(await adapter("RegistrationAccessToken").find("rat-of-unused-0123456789")).toBeUndefined();
    expect(await adapter("Client").find("used")).toEqual({ client_id: "used" });
    expect(await adapter("RegistrationAccessToken").find("rat-of-used-0123456789")).toEqual({ jti: "rat-of-used-0123456789", clientId: "used" });
    // The hourly pruning deletes what expired: the unused client's two rows.
    expect(await store.oauthModels.deleteExpired(now + 1)).toBe(2);
    expect(await store.oauthModels.listIds("Client")).toEqual(["used"]);
  });

  it("marks a consumed code with the time in seconds", async () => {
    await adapter("AuthorizationCode").upsert("code", { grantId: "g" }, 60);
    await adapter("AuthorizationCode").consume("code");
    expect(await adapter("AuthorizationCode").find("code")).toEqual({ grantId: "g", consumed: 1_000, jti: "code" });
  });

  it("revokes a grant's codes and tokens, not its client or other grants", async () => {
    await adapter("AuthorizationCode").upsert("code", { grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("token", { grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("other", { grantId: "g2" }, 60);
    await adapter("Client").upsert("g1", { grantId: "g1" });
    await adapter("AccessToken").revokeByGrantId("g1");
    expect(await adapter("AuthorizationCode").find("code")).toBeUndefined();
    expect(await adapter("AccessToken").find("token")).toBeUndefined();
    expect(await adapter("AccessToken").find("other")).toEqual({ grantId: "g2", jti: "other" });
    expect(await adapter("Client").find("g1")).toEqual({ grantId: "g1" });
    await adapter("AccessToken").destroy("other");
    expect(await adapter("AccessToken").find("other")).toBeUndefined();
  });
});

describe("StoreOidcAdapter: ids that are bearer secrets", () => {
  const storedRows = async (model: string) =>
    Promise.all((await store.oauthModels.listIds(model)).map(async (id) => JSON.stringify(await store.oauthModels.find(model, id))));

  it("stores tokens, codes and sessions under the hash of their id, without the id in the payload, and gives the id back as jti", async () => {
    const secrets = { RefreshToken: "refresh-secret-0123456789", AuthorizationCode: "code-secret-0123456789", Session: "cookie-secret-0123456789" };
    for (const [model, id] of Object.entries(secrets)) {
      await adapter(model).upsert(id, { jti: id, grantId: "g1", uid: `uid-${model}`, accountId: "a" }, 60);
      expect(await store.oauthModels.listIds(model)).toEqual([hashedOAuthId(id)]);
      expect((await storedRows(model)).join()).not.toContain(id);
      expect(await adapter(model).find(id)).toEqual({ jti: id, grantId: "g1", uid: `uid-${model}`, accountId: "a" });
    }
    // Kept as they are: ids that are no secret.
    await adapter("Client").upsert("client-1", { client_id: "client-1" });
    await adapter("Grant").upsert("grant-1", { jti: "grant-1", accountId: "a" });
    expect(await store.oauthModels.listIds("Client")).toEqual(["client-1"]);
    expect(await adapter("Grant").find("grant-1")).toEqual({ jti: "grant-1", accountId: "a" });
  });

  it("does not take a stored hash for the secret: found, consumed or destroyed by it, nothing happens", async () => {
    await adapter("RefreshToken").upsert("refresh-secret", { jti: "refresh-secret" }, 60);
    const hash = hashedOAuthId("refresh-secret");
    expect(await adapter("RefreshToken").find(hash)).toBeUndefined();
    await adapter("RefreshToken").consume(hash);
    await adapter("RefreshToken").destroy(hash);
    expect(await adapter("RefreshToken").find("refresh-secret")).toEqual({ jti: "refresh-secret" });
  });

  it("consumes and destroys by the presented id", async () => {
    await adapter("AuthorizationCode").upsert("code", { jti: "code" }, 60);
    await adapter("AuthorizationCode").consume("code");
    expect(await adapter("AuthorizationCode").find("code")).toEqual({ jti: "code", consumed: 1_000 });
    await adapter("Session").upsert("cookie", { jti: "cookie", uid: "u1" }, 60);
    await adapter("Session").destroy("cookie");
    expect(await adapter("Session").find("cookie")).toBeUndefined();
    expect(await adapter("Session").findByUid("u1")).toBeUndefined();
  });

  it("keeps the session's cookie value out of a stored interaction", async () => {
    const session = { accountId: "a", uid: "u1", cookie: "cookie-secret" };
    await adapter("Interaction").upsert("i1", { jti: "i1", session, returnTo: "/oauth/authorize/i1" }, 60);
    expect(await adapter("Interaction").find("i1")).toEqual({ jti: "i1", session: { accountId: "a", uid: "u1" }, returnTo: "/oauth/authorize/i1" });
    expect((await storedRows("Interaction")).join()).not.toContain("cookie-secret");
  });
});

describe("StoreOidcAdapter: objects stored under their raw id before", () => {
  /** A row as the earlier adapter wrote it: the raw id, and the id as `jti` in the payload. */
  const storeTheOldWay = (model: string, id: string, extra: { uid?: string; consumed_at?: number } = {}) =>
    store.oauthModels.upsert({
      model,
      id,
      payload: { jti: id, grantId: "g1", ...(extra.uid ? { uid: extra.uid } : {}) },
      grant_id: model === "Session" ? null : "g1",
      uid: extra.uid ?? null,
      user_code: null,
      expires_at: now + 60_000,
    });

  it("finds one by its raw id and moves it to the hash, keeping its expiry and consumption", async () => {
    await storeTheOldWay("RefreshToken", "old-refresh");
    await store.oauthModels.consume("RefreshToken", "old-refresh", 990_000);
    expect(await adapter("RefreshToken").find("old-refresh")).toEqual({ jti: "old-refresh", grantId: "g1", consumed: 990 });
    expect(await store.oauthModels.listIds("RefreshToken")).toEqual([hashedOAuthId("old-refresh")]);
    expect(await store.oauthModels.find("RefreshToken", hashedOAuthId("old-refresh"))).toMatchObject({
      payload: { grantId: "g1" },
      grant_id: "g1",
      expires_at: now + 60_000,
      consumed_at: 990_000,
    });
    expect(await adapter("RefreshToken").find("old-refresh")).toEqual({ jti: "old-refresh", grantId: "g1", consumed: 990 });
    now += 60_000;
    expect(await adapter("RefreshToken").find("old-refresh")).toBeUndefined();
  });

  it("finds an old session by its uid with its id, and moves it", async () => {
    await storeTheOldWay("Session", "old-cookie", { uid: "u1" });
    expect(await adapter("Session").findByUid("u1")).toEqual({ jti: "old-cookie", grantId: "g1", uid: "u1" });
    expect(await store.oauthModels.listIds("Session")).toEqual([hashedOAuthId("old-cookie")]);
    expect(await adapter("Session").find("old-cookie")).toEqual({ jti: "old-cookie", grantId: "g1", uid: "u1" });
  });

  it("consumes, destroys and revokes one not moved yet", async () => {
    await storeTheOldWay("AuthorizationCode", "old-code");
    await adapter("AuthorizationCode").consume("old-code");
    expect((await store.oauthModels.find("AuthorizationCode", "old-code"))?.consumed_at).toBe(now);
    await adapter("AuthorizationCode").destroy("old-code");
    expect(await store.oauthModels.listIds("AuthorizationCode")).toEqual([]);
    await storeTheOldWay("AccessToken", "old-token");
    await adapter("AccessToken").revokeByGrantId("g1");
    expect(await adapter("AccessToken").find("old-token")).toBeUndefined();
  });
});
