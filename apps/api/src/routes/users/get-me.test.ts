/**
 * GET /v1/me: the caller as each credential and user context sees itself, and the server's clock, so that an agent
 * can turn "me" into a UUID and "since yesterday" into an instant in any call of a long session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueApiKey } from "../../platform/auth/issue-api-key.js";
import { apiCaller } from "../../testing/api-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

describe("GET /v1/me", () => {
  it("names the user of a user-bound key, its role, the tenant and the server's time", async () => {
    const answer = await call("/v1/me", { key: acme.memberKey });
    expect(answer.status).toBe(200);
    const { member, tenant } = acme;
    expect(answer.body).toEqual({
      tenant: { uuid: tenant.uuid, name: tenant.name },
      user: { uuid: member.uuid, person_uuid: member.person_uuid, name: member.name, email: member.email, role: "member" },
      is_administrator: false,
      credential: { kind: "api_key", scope: "user", read_only: false },
      server_time: new Date(TEST_START).toISOString(),
    });
    // The clock of the call, not of the connection: a long session asks again.
    context.clock.advance(26 * 3_600_000);
    expect((await call("/v1/me", { key: acme.memberKey })).body.server_time).toBe(new Date(TEST_START + 26 * 3_600_000).toISOString());
  });

  it("answers a tenant-wide key with no user, as an administrator, and with x-service-user-id as that user", async () => {
    const tenantWide = await call("/v1/me");
    expect(tenantWide.status).toBe(200);
    expect(tenantWide.body).toMatchObject({ user: null, is_administrator: true, credential: { kind: "api_key", scope: "tenant", read_only: false } });

    const asAdmin = await call("/v1/me", { userUuid: acme.admin.uuid });
    expect(asAdmin.body).toMatchObject({
      user: { uuid: acme.admin.uuid, role: "administrator" },
      is_administrator: true,
      credential: { scope: "tenant" },
    });
    const asMember = await call("/v1/me", { userUuid: acme.member.uuid });
    expect(asMember.body).toMatchObject({ user: { uuid: acme.member.uuid, role: "member" }, is_administrator: false });
  });

  it("says a read-only key is read-only, and answers it (the call changes nothing)", async () => {
    const readOnly = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, readOnly: true })).plaintext;
    const answer = await call("/v1/me", { key: readOnly });
    expect(answer.status).toBe(200);
    expect(answer.body.credential).toEqual({ kind: "api_key", scope: "tenant", read_only: true });
  });

  it("shows each tenant only itself, and refuses a missing key, another tenant's user and a query parameter", async () => {
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = await call("/v1/me", { key: globex.memberKey });
    expect(theirs.body).toMatchObject({ tenant: { uuid: globex.tenant.uuid, name: "Globex" }, user: { uuid: globex.member.uuid } });
    expect(JSON.stringify(theirs.body)).not.toContain(acme.tenant.uuid);

    const anonymous = await context.json("/v1/me", { key: null });
    expect(anonymous.status).toBe(401);
    const foreignUser = await call("/v1/me", { userUuid: globex.member.uuid });
    expect(foreignUser.status).toBe(403);
    expect(foreignUser.body.error).toEqual(expect.any(String));
    const unknown = await call("/v1/me?user_uuid=x");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain("unknown query parameter 'user_uuid'");
  });
});
