/** Listing the live grants from their stored payloads, with the users, tenants and client names they name. */
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountIdFor } from "./account-id.js";
import { listOAuthGrants } from "./list-oauth-grants.js";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";

let store: Store;
const now = 1_800_000_000_000;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
});
afterEach(() => store.close());

const adapter = (model: string) => new StoreOidcAdapter(model, store, () => now);

describe("listOAuthGrants", () => {
  it("lists live grants with their user, tenant, client name, times and the scopes granted, not those rejected", async () => {
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const user = await store.users.create({ tenant_uuid: tenant.uuid, name: "Alice", email: "alice@example.com", role: "member" });
    await adapter("Client").upsert("agent", { client_id: "agent", client_name: "Agent" });
    const iat = now / 1000 - 60;
    await adapter("Grant").upsert(
      "grant-1",
      {
        kind: "Grant",
        accountId: accountIdFor(tenant.uuid, user.uuid),
        clientId: "agent",
        iat,
        openid: { scope: "openid offline_access" },
        resources: { "https://rapport.example/mcp": "mcp mcp:read" },
        rejected: { resources: { "https://rapport.example/mcp": "mcp" } },
      },
      3600,
    );
    expect(await listOAuthGrants(store, {}, now)).toEqual([
      {
        tenant_uuid: tenant.uuid,
        tenant_name: "Acme",
        user_uuid: user.uuid,
        user_name: "Alice",
        user_email: "alice@example.com",
        user_active: true,
        client_id: "agent",
        client_name: "Agent",
        granted_at: iat * 1000,
        expires_at: now + 3600_000,
        scopes: ["mcp:read", "offline_access", "openid"],
      },
    ]);
    expect(await listOAuthGrants(store, {}, now + 3600_000)).toEqual([]);
  });

  it("lists a grant of a deleted tenant or an unknown user with what its account id says, after the others", async () => {
    const acme = await store.tenants.create({ name: "Acme", tier: "standard" });
    const gone = await store.tenants.create({ name: "Gone", tier: "standard" });
    const alice = await store.users.create({ tenant_uuid: acme.uuid, name: "Alice", email: "alice@example.com", role: "member" });
    const ghost = "99999999-9999-4999-8999-999999999999";
    await store.tenants.delete(gone.uuid);
    await adapter("Grant").upsert("a", { kind: "Grant", accountId: accountIdFor(gone.uuid, ghost), clientId: "https://agent.example/client.json" }, 3600);
    await adapter("Grant").upsert("b", { kind: "Grant", accountId: accountIdFor(acme.uuid, alice.uuid), clientId: "x" }, 3600);
    const listed = await listOAuthGrants(store, {}, now);
    expect(listed.map((grant) => grant.tenant_name)).toEqual(["Acme", null]);
    expect(listed[1]).toMatchObject({
      tenant_uuid: gone.uuid,
      user_uuid: ghost,
      user_name: null,
      user_email: null,
      user_active: null,
      client_id: "https://agent.example/client.json",
      client_name: null,
      granted_at: null,
      scopes: [],
    });
  });
});
