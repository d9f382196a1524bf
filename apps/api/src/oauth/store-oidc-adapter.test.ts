/** The oidc-provider adapter: expiry by the authorization server's clock, consumption, grant revocation. */
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";

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
    await adapter("Session").upsert("s1", { uid: "u1", accountId: "a" }, 60);
    expect(await adapter("Session").find("s1")).toEqual({ uid: "u1", accountId: "a" });
    expect(await adapter("Session").findByUid("u1")).toEqual({ uid: "u1", accountId: "a" });
    expect(await adapter("Grant").find("s1")).toBeUndefined();
    now += 60_000;
    expect(await adapter("Session").find("s1")).toBeUndefined();
  });

  it("keeps objects without a lifetime, and finds device codes by user code", async () => {
    await adapter("Client").upsert("c1", { client_id: "c1" });
    await adapter("DeviceCode").upsert("d1", { userCode: "ABCD-EFGH" }, 600);
    now += 365 * 24 * 3600 * 1000;
    expect(await adapter("Client").find("c1")).toEqual({ client_id: "c1" });
    now = 1_000_000;
    expect(await adapter("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });
  });

  it("marks a consumed code with the time in seconds", async () => {
    await adapter("AuthorizationCode").upsert("code", { grantId: "g" }, 60);
    await adapter("AuthorizationCode").consume("code");
    expect(await adapter("AuthorizationCode").find("code")).toEqual({ grantId: "g", consumed: 1_000 });
  });

  it("revokes a grant's codes and tokens, not its client or other grants", async () => {
    await adapter("AuthorizationCode").upsert("code", { grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("token", { grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("other", { grantId: "g2" }, 60);
    await adapter("Client").upsert("g1", { grantId: "g1" });
    await adapter("AccessToken").revokeByGrantId("g1");
    expect(await adapter("AuthorizationCode").find("code")).toBeUndefined();
    expect(await adapter("AccessToken").find("token")).toBeUndefined();
    expect(await adapter("AccessToken").find("other")).toEqual({ grantId: "g2" });
    expect(await adapter("Client").find("g1")).toEqual({ grantId: "g1" });
    await adapter("AccessToken").destroy("other");
    expect(await adapter("AccessToken").find("other")).toBeUndefined();
  });
});
