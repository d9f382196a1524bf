import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { issueApiKey } from "./issue-api-key.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services, { name: "Acme" });
  other = await buildTenant(context.services, { name: "Other" });
});
afterAll(() => context.close());

async function expectError(response: Response, status: number, pattern: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { error: string };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toMatch(pattern);
}

describe("API key authentication (401)", () => {
  it("rejects a request without a key", async () => {
    await expectError(await context.request("/v1/persons"), 401, /missing API key.*x-api-key/);
  });

  it("rejects an unknown key, and a key that only looks right", async () => {
    await expectError(await context.request("/v1/persons", { key: "pk_not-a-real-key" }), 401, /invalid API key/);
    await expectError(await context.request("/v1/persons", { key: `${acme.key}x` }), 401, /invalid API key/);
  });

  it("names a key or a user header given twice (they arrive joined by a comma), not an invalid key or user", async () => {
    const twice = (name: string, first: string, second: string, key?: string) => {
      const headers = new Headers(key === undefined ? {} : { "x-api-key": key });
      headers.append(name, first);
      headers.append(name, second);
      return context.app.request("/v1/me", { headers });
    };
    const keys = await twice("x-api-key", acme.key, other.key);
    expect(keys.status).toBe(401);
    expect(await keys.json()).toEqual({ error: "x-api-key is given more than once: send one API key" });
    const users = await twice("x-service-user-id", acme.admin.uuid, acme.member.uuid, acme.key);
    expect(users.status).toBe(403);
    expect(await users.json()).toEqual({ error: "x-service-user-id is given more than once: send one user's UUID" });
  });

  it("rejects a revoked key at once", async () => {
    const issued = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid });
    expect((await context.request("/v1/persons", { key: issued.plaintext })).status).toBe(200);
    await context.services.store.apiKeys.revoke(acme.tenant.uuid, issued.key.uuid);
    await expectError(await context.request("/v1/persons", { key: issued.plaintext }), 401, /invalid API key/);
  });

  it("rejects every key of a deleted tenant", async () => {
    await context.services.store.tenants.delete(acme.tenant.uuid);
    for (const key of [acme.key, acme.adminKey, acme.memberKey]) {
      await expectError(await context.request("/v1/users", { key }), 401, /invalid API key/);
    }
    expect((await context.request("/v1/users", { key: other.key })).status).toBe(200);
  });

  it("issues keys of the documented shape, stored only as a hash", async () => {
    const issued = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid });
    expect(issued.plaintext).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    const keys = await context.services.store.apiKeys.list(acme.tenant.uuid);
    expect(JSON.stringify(keys)).not.toContain(issued.plaintext.slice(3));
  });
});

describe("user context (x-service-user-id)", () => {
  it("is tenant-wide without the header and the user's with it", async () => {
    expect((await context.request("/v1/users", { key: acme.key })).status).toBe(200);
    expect((await context.request("/v1/users", { key: acme.key, userUuid: acme.member.uuid })).status).toBe(200);
    expect((await context.request("/v1/users", { key: acme.key, userUuid: acme.member.uuid.toUpperCase() })).status).toBe(200);
  });

  it("answers 403 for a tenant key with a malformed, unknown, foreign or deactivated user", async () => {
    await expectError(await context.request("/v1/users", { key: acme.key, userUuid: "not-a-uuid" }), 403, /x-service-user-id/);
    await expectError(
      await context.request("/v1/users", { key: acme.key, userUuid: "00000000-0000-4000-8000-000000000000" }),
      403,
      /not a user of this tenant/,
    );
    await expectError(await context.request("/v1/users", { key: acme.key, userUuid: other.admin.uuid }), 403, /not a user of this tenant/);
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    await expectError(await context.request("/v1/users", { key: acme.key, userUuid: acme.member.uuid }), 403, /deactivated/);
  });

  it("fills the user from a user-scoped key, and 403s a mismatched header", async () => {
    expect((await context.request("/v1/users", { key: acme.memberKey })).status).toBe(200);
    expect((await context.request("/v1/users", { key: acme.memberKey, userUuid: acme.member.uuid })).status).toBe(200);
    await expectError(
      await context.request("/v1/users", { key: acme.memberKey, userUuid: acme.admin.uuid }),
      403,
      /does not match the user this API key is bound to/,
    );
  });

  it("answers 403 when a user-scoped key's bound user is deactivated", async () => {
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    await expectError(await context.request("/v1/users", { key: acme.memberKey }), 403, /bound to is deactivated/);
    expect((await context.request("/v1/users", { key: acme.adminKey })).status).toBe(200);
  });
});
