/** The start-time rewrite of OAuth rows stored before secret ids were hashed. */
import { createSqliteStore, type OAuthModelRecord, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashStoredOAuthSecrets } from "./hash-stored-oauth-secrets.js";
import { hashedOAuthId } from "./oauth-secret-ids.js";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";

let store: Store;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
});
afterEach(() => store.close());

const oldRow = (model: string, id: string, payload: Record<string, unknown>): Omit<OAuthModelRecord, "consumed_at"> => ({
  model,
  id,
  payload: { jti: id, ...payload },
  grant_id: typeof payload.grantId === "string" ? payload.grantId : null,
  uid: typeof payload.uid === "string" ? payload.uid : null,
  user_code: null,
  expires_at: 5_000,
});

describe("hashStoredOAuthSecrets", () => {
  it("moves raw secret ids to their hash, drops the session cookie from interactions, and leaves the rest", async () => {
    await store.oauthModels.upsert(oldRow("RefreshToken", "old-refresh", { grantId: "g1" }));
    await store.oauthModels.consume("RefreshToken", "old-refresh", 4_000);
    await store.oauthModels.upsert(oldRow("Session", "old-cookie", { uid: "u1", accountId: "a" }));
    await store.oauthModels.upsert(oldRow("Interaction", "i1", { session: { uid: "u1", accountId: "a", cookie: "old-cookie" } }));
    await store.oauthModels.upsert(oldRow("Interaction", "i2", { params: {} }));
    await store.oauthModels.upsert(oldRow("Client", "client-1", { client_id: "client-1" }));
    await store.oauthModels.upsert(oldRow("Grant", "g1", { accountId: "a" }));

    expect(await hashStoredOAuthSecrets(store)).toBe(3);
    expect(await store.oauthModels.listIds("RefreshToken")).toEqual([hashedOAuthId("old-refresh")]);
    expect(await store.oauthModels.find("RefreshToken", hashedOAuthId("old-refresh"))).toMatchObject({
      payload: { grantId: "g1" },
      grant_id: "g1",
      expires_at: 5_000,
      consumed_at: 4_000,
    });
    expect(await store.oauthModels.findByUid("Session", "u1")).toMatchObject({ id: hashedOAuthId("old-cookie"), payload: { uid: "u1", accountId: "a" } });
    expect((await store.oauthModels.find("Interaction", "i1"))?.payload).toEqual({ jti: "i1", session: { uid: "u1", accountId: "a" } });
    expect((await store.oauthModels.find("Interaction", "i2"))?.payload).toEqual({ jti: "i2", params: {} });
    expect(await store.oauthModels.find("Client", "client-1")).not.toBeNull();
    expect(await store.oauthModels.find("Grant", "g1")).not.toBeNull();

    // The token and the session are found by what their holders present, as before.
    const now = () => 1_000;
    expect(await new StoreOidcAdapter("RefreshToken", store, now).find("old-refresh")).toEqual({ jti: "old-refresh", grantId: "g1", consumed: 4 });
    expect(await new StoreOidcAdapter("Session", store, now).find("old-cookie")).toMatchObject({ jti: "old-cookie", accountId: "a" });
    // Once done, a later start has nothing to rewrite.
    expect(await hashStoredOAuthSecrets(store)).toBe(0);
  });
});
