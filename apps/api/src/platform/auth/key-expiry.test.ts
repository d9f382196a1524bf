/** A rotated key through the real app: the old key works for its grace period, then answers 401 as a revoked key does. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { issueApiKey } from "./issue-api-key.js";
import { rotateApiKey } from "./rotate-api-key.js";

const HOUR = 3_600_000;
let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services, { name: "Acme" });
});
afterAll(() => context.close());

const INVALID_KEY = { error: "invalid API key: it is unknown, revoked or expired, or its tenant was deleted" };

describe("a rotated key", () => {
  it("works until its grace period ends, then answers 401 like a revoked key, over REST and MCP; the new key works", async () => {
    const old = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, userUuid: acme.member.uuid, label: "crm", readOnly: true });
    const rotated = await rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: old.key.uuid, graceHours: 2 });
    expect(rotated?.key).toMatchObject({ user_uuid: acme.member.uuid, label: "crm", read_only: true });
    expect((await context.json("/v1/persons", { key: old.plaintext })).status).toBe(200);
    context.clock.advance(2 * HOUR - 1);
    expect((await context.json("/v1/persons", { key: old.plaintext })).status).toBe(200);
    context.clock.advance(1);
    expect(await context.json("/v1/persons", { key: old.plaintext })).toEqual({ status: 401, body: INVALID_KEY });
    const overMcp = await context.app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": old.plaintext },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(overMcp.status).toBe(401);
    const answer = await context.json("/v1/persons", { key: rotated!.plaintext });
    expect(answer.status).toBe(200);
    // Bound to the same user: the member's user context comes with the new key.
    expect(await postMcpMessage(context, { method: "tools/list" }, { "x-api-key": rotated!.plaintext })).toHaveProperty("result");
  });

  it("answers 401 at once with no grace period", async () => {
    const old = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid });
    expect((await context.json("/v1/persons", { key: old.plaintext })).status).toBe(200);
    const rotated = await rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: old.key.uuid, graceHours: 0 });
    expect(rotated?.replaced.revoked_at).toBe(context.clock.now());
    expect(await context.json("/v1/persons", { key: old.plaintext })).toEqual({ status: 401, body: INVALID_KEY });
  });

  it("is not rotated again, nor when revoked, bound to a deactivated user, or another tenant's", async () => {
    const old = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, userUuid: acme.member.uuid });
    const rotate = (keyUuid: string, tenantUuid = acme.tenant.uuid) => rotateApiKey(context.services.store, { tenantUuid, keyUuid, graceHours: 1 });
    const other = await buildTenant(context.services, { name: "Other" });
    expect(await rotate(old.key.uuid, other.tenant.uuid)).toBeNull();
    await rotate(old.key.uuid);
    await expect(rotate(old.key.uuid)).rejects.toThrow(`key ${old.key.uuid} was rotated already, with a grace period until ${new Date(context.clock.now() + HOUR).toISOString()}`);
    const revoked = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid });
    await context.services.store.apiKeys.revoke(acme.tenant.uuid, revoked.key.uuid);
    await expect(rotate(revoked.key.uuid)).rejects.toThrow(/was revoked at .*: there is nothing to rotate/);
    const bound = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, userUuid: acme.admin.uuid });
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.admin.uuid);
    await expect(rotate(bound.key.uuid)).rejects.toThrow(/who is deactivated: a new key would answer 403 to every call/);
    await expect(rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: bound.key.uuid, graceHours: 721 })).rejects.toThrow(
      "the grace period must be a whole number of hours from 0 to 720; got 721",
    );
  });
});
