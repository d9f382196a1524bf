/** Revoking grants by the accounts and clients their stored payloads name, with what was issued under them. */
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountIdFor } from "./account-id.js";
import { hashedOAuthId } from "./oauth-secret-ids.js";
import { oauthClientUse, revokeOAuthGrants } from "./revoke-oauth-grants.js";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";

const TENANT_A = "11111111-1111-4111-8111-111111111111";
const TENANT_B = "22222222-2222-4222-8222-222222222222";
const ALICE = accountIdFor(TENANT_A, "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
const BOB = accountIdFor(TENANT_A, "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
const CAROL = accountIdFor(TENANT_B, "cccccccc-cccc-4ccc-8ccc-cccccccccccc");

let store: Store;
const now = 1_000_000;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
});
afterEach(() => store.close());

const adapter = (model: string) => new StoreOidcAdapter(model, store, () => now);

/** A grant of `account` to `client` as oidc-provider stores it, with a refresh token, a code and the account's session. */
async function granted(name: string, account: string, client: string) {
  await adapter("Grant").upsert(`grant-${name}`, { jti: `grant-${name}`, kind: "Grant", accountId: account, clientId: client }, 3600);
  await adapter("RefreshToken").upsert(`refresh-${name}`, { kind: "RefreshToken", grantId: `grant-${name}`, accountId: account, clientId: client }, 3600);
  await adapter("AuthorizationCode").upsert(`code-${name}`, { kind: "AuthorizationCode", grantId: `grant-${name}`, accountId: account, clientId: client }, 60);
  await adapter("Session").upsert(`session-${name}`, { kind: "Session", uid: `uid-${name}`, accountId: account }, 3600);
  await adapter("Interaction").upsert(`interaction-${name}`, { kind: "Interaction", session: { accountId: account }, params: { client_id: client } }, 3600);
}

async function seed() {
  await adapter("Client").upsert("client-1", { client_id: "client-1" });
  await adapter("Client").upsert("client-2", { client_id: "client-2" });
  await adapter("RegistrationAccessToken").upsert("registration-1", { kind: "RegistrationAccessToken", clientId: "client-1" });
  await granted("alice-1", ALICE, "client-1");
  await granted("alice-2", ALICE, "client-2");
  await granted("bob-1", BOB, "client-1");
  await granted("carol-1", CAROL, "client-1");
}

/** Which of the seeded objects are still stored, by their raw names. */
async function remaining(model: string, names: string[]) {
  const kept = [];
  for (const name of names) if (await adapter(model).find(name)) kept.push(name);
  return kept;
}

describe("revokeOAuthGrants", () => {
  it("for a user's accounts, revokes their grants, refresh tokens, codes, sessions and sign-ins, and nobody else's", async () => {
    await seed();
    const revoked = await revokeOAuthGrants(store, { accountIds: new Set([ALICE]) }, now);
    expect(revoked).toEqual({ grants: 2, refresh_tokens: 2, authorization_codes: 2, sessions: 2, sign_ins_in_progress: 2, client_deleted: false });
    expect(await remaining("Grant", ["grant-alice-1", "grant-alice-2", "grant-bob-1", "grant-carol-1"])).toEqual(["grant-bob-1", "grant-carol-1"]);
    expect(await remaining("RefreshToken", ["refresh-alice-1", "refresh-alice-2", "refresh-bob-1"])).toEqual(["refresh-bob-1"]);
    expect(await remaining("AuthorizationCode", ["code-alice-1", "code-bob-1"])).toEqual(["code-bob-1"]);
    expect(await remaining("Session", ["session-alice-1", "session-alice-2", "session-bob-1"])).toEqual(["session-bob-1"]);
    expect(await remaining("Interaction", ["interaction-alice-1", "interaction-bob-1"])).toEqual(["interaction-bob-1"]);
    expect(await remaining("Client", ["client-1", "client-2"])).toEqual(["client-1", "client-2"]);
  });

  it("for a client, revokes its grants of every account and its sign-ins in progress; sessions and the registration stay", async () => {
    await seed();
    const revoked = await revokeOAuthGrants(store, { clientId: "client-1" }, now);
    expect(revoked).toEqual({ grants: 3, refresh_tokens: 3, authorization_codes: 3, sessions: 0, sign_ins_in_progress: 3, client_deleted: false });
    expect(await remaining("Grant", ["grant-alice-1", "grant-alice-2", "grant-bob-1", "grant-carol-1"])).toEqual(["grant-alice-2"]);
    expect(await remaining("RefreshToken", ["refresh-alice-2", "refresh-bob-1"])).toEqual(["refresh-alice-2"]);
    expect(await remaining("Session", ["session-alice-1", "session-bob-1", "session-carol-1"])).toHaveLength(3);
    expect(await remaining("Client", ["client-1"])).toEqual(["client-1"]);
  });

  it("with deleteClient, deletes the registration and its registration access token too", async () => {
    await seed();
    const revoked = await revokeOAuthGrants(store, { clientId: "client-1", deleteClient: true }, now);
    expect(revoked).toMatchObject({ grants: 3, client_deleted: true });
    expect(await remaining("Client", ["client-1", "client-2"])).toEqual(["client-2"]);
    expect(await store.oauthModels.find("RegistrationAccessToken", hashedOAuthId("registration-1"))).toBeNull();
  });

  it("narrowed to a tenant, revokes only the grants of that tenant's accounts", async () => {
    await seed();
    expect(await revokeOAuthGrants(store, { clientId: "client-1", tenantUuid: TENANT_B }, now)).toMatchObject({ grants: 1, refresh_tokens: 1 });
    expect(await remaining("Grant", ["grant-alice-1", "grant-bob-1", "grant-carol-1"])).toEqual(["grant-alice-1", "grant-bob-1"]);
    const tenantA = await revokeOAuthGrants(store, { tenantUuid: TENANT_A }, now);
    expect(tenantA).toMatchObject({ grants: 3, sessions: 3 });
    expect(await remaining("Session", ["session-alice-1", "session-carol-1"])).toEqual(["session-carol-1"]);
  });

  it("with an empty scope, revokes every grant, session and sign-in of the database, and no registration", async () => {
    await seed();
    await adapter("Interaction").upsert("before-login", { kind: "Interaction", params: { client_id: "client-2" } }, 3600);
    const revoked = await revokeOAuthGrants(store, {}, now);
    expect(revoked).toEqual({ grants: 4, refresh_tokens: 4, authorization_codes: 4, sessions: 4, sign_ins_in_progress: 5, client_deleted: false });
    for (const model of ["Grant", "RefreshToken", "AuthorizationCode", "Session", "Interaction"]) expect(await store.oauthModels.listIds(model)).toEqual([]);
    expect(await store.oauthModels.listIds("Client")).toHaveLength(2);
  });

  it("deletes expired and spent objects of the grants without counting them", async () => {
    await seed();
    await adapter("RefreshToken").consume("refresh-alice-1");
    const later = now + 120_000;
    // The codes (60 s) have expired by then; the rest lives an hour.
    const revoked = await revokeOAuthGrants(store, { accountIds: new Set([ALICE]) }, later);
    expect(revoked).toMatchObject({ grants: 2, refresh_tokens: 1, authorization_codes: 0 });
    expect(await store.oauthModels.find("RefreshToken", hashedOAuthId("refresh-alice-1"))).toBeNull();
    expect(await store.oauthModels.find("AuthorizationCode", hashedOAuthId("code-alice-1"))).toBeNull();
  });
});

describe("oauthClientUse", () => {
  it("says whether a client is registered and how many grants name it", async () => {
    await seed();
    expect(await oauthClientUse(store, "client-1")).toEqual({ registered: true, grants: 3 });
    await granted("metadata", BOB, "https://agent.example/client.json");
    expect(await oauthClientUse(store, "https://agent.example/client.json")).toEqual({ registered: false, grants: 1 });
    expect(await oauthClientUse(store, "nobody")).toEqual({ registered: false, grants: 0 });
  });
});
