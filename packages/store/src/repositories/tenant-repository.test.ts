import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

describe("tenants.setTier", () => {
  it("changes a live tenant's tier and limits, seen at once by its remembered key owners; null for a deleted tenant", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const other = await store.tenants.create({ name: "Globex", tier: "standard" });
    await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-acme", key_prefix: "pk_acme" });
    expect((await store.apiKeys.findActiveByHash("hash-acme"))?.tenant.tier).toBe("standard");

    const custom = await store.tenants.setTier(tenant.uuid, { tier: "custom", per_second_limit: 100, monthly_limit: 2_000_000 });
    expect(custom).toMatchObject({ uuid: tenant.uuid, name: "Acme", tier: "custom", per_second_limit: 100, monthly_limit: 2_000_000 });
    expect((await store.apiKeys.findActiveByHash("hash-acme"))?.tenant).toEqual(custom);
    // Another tier clears the custom limits; the other tenant is untouched throughout.
    expect(await store.tenants.setTier(tenant.uuid, { tier: "enterprise" })).toMatchObject({ tier: "enterprise", per_second_limit: null, monthly_limit: null });
    expect((await store.apiKeys.findActiveByHash("hash-acme"))?.tenant.tier).toBe("enterprise");
    expect(await store.tenants.get(other.uuid)).toEqual(other);

    await expect(store.tenants.setTier(tenant.uuid, { tier: "gold" as never })).rejects.toThrow(InvalidInputError);
    await store.tenants.delete(tenant.uuid);
    expect(await store.tenants.setTier(tenant.uuid, { tier: "standard" })).toBeNull();
    await store.close();
  });

  it("tenants.rowCounts: the rows each tenant holds, by table, another tenant's apart; null for an unknown tenant", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const [acme, globex] = await Promise.all(["Acme", "Globex"].map((name) => store.tenants.create({ name, tier: "standard" })));
    await store.users.create({ tenant_uuid: acme!.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    await store.emails.ingest(acme!.uuid, { message_id: "m1", sent_at: 1, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    const counts = await store.tenants.rowCounts(acme!.uuid);
    expect(counts).toMatchObject({ users: 1, persons: 2, emails: 1 });
    expect(counts!.meetings).toBeUndefined();
    expect(await store.tenants.rowCounts(globex!.uuid)).not.toHaveProperty("persons");
    expect(await store.tenants.rowCounts("00000000-0000-4000-8000-000000000000")).toBeNull();
    await store.close();
  });
});
