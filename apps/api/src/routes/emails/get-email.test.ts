/** GET /v1/emails/{email_uuid}: an email named by the activity feed read back, its kept body on request and to whom. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
});
afterAll(() => context.close());

async function ingest(tenant: TestTenant, message: Record<string, unknown>) {
  const answer = await context.json("/v1/emails/batch", { key: tenant.key, method: "POST", body: { messages: [message] } });
  expect(answer.body!.results[0].status).toBe("CREATED");
  return answer.body!.results[0] as { email_uuid: string; from_person_uuid: string; participant_person_uuids: string[] };
}

describe("GET /v1/emails/{email_uuid}", () => {
  it("reads the email the activity feed names: headers, participants by role, no body unless asked", async () => {
    const sent = await ingest(acme, {
      message_id: "<intro@mail.example>",
      sent_at: "2026-11-02T09:30:00Z",
      subject: "Intro",
      from: "avery@demo.example",
      to: ["jordan@northwind.example", acme.member.email],
      cc: ["sam@northwind.example"],
    });
    const feed = await context.json("/v1/activity?kind=email", { key: acme.key });
    expect(feed.body!.items.map((item: { uuid: string }) => item.uuid)).toEqual([sent.email_uuid]);

    const answer = await context.json(`/v1/emails/${sent.email_uuid.toUpperCase()}`, { key: acme.memberKey });
    expect(answer.status).toBe(200);
    const [firstTo, secondTo, sam] = sent.participant_person_uuids;
    expect(answer.body).toEqual({
      uuid: sent.email_uuid,
      message_id: "<intro@mail.example>",
      subject: "Intro",
      sent_at: Date.UTC(2026, 10, 2, 9, 30),
      participants: [
        { person_uuid: sent.from_person_uuid, role: "from" },
        ...[firstTo, secondTo].sort().map((person_uuid) => ({ person_uuid, role: "to" })),
        { person_uuid: sam, role: "cc" },
      ],
      has_body: false,
      recorded_at: expect.any(Number),
    });
    expect([firstTo, secondTo]).toContain(acme.member.person_uuid);
    const asked = await context.json(`/v1/emails/${sent.email_uuid}?include_body=true`, { key: acme.memberKey });
    expect(asked.body).toMatchObject({ has_body: false, body: null });
  });

  it("gives a kept body of up to 200,000 characters to administrators, tenant-wide calls and a member on the email; 403 to another member", async () => {
    const sent = await ingest(acme, { message_id: "<long@x>", sent_at: 1_796_590_000_000, from: acme.member.email, to: ["jordan@northwind.example"] });
    const text = "Dear Jordan, ".padEnd(200_000, "x");
    await context.services.store.emailBodies.put(acme.tenant.uuid, sent.email_uuid, text);
    for (const [key, userUuid] of [[acme.key, undefined], [acme.adminKey, undefined], [acme.memberKey, undefined], [acme.key, acme.admin.uuid]] as const) {
      const answer = await context.json(`/v1/emails/${sent.email_uuid}?include_body=1`, { key, userUuid });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ has_body: true });
      expect(answer.body!.body).toBe(text);
    }
    // Without include_body, no body whoever asks.
    expect((await context.json(`/v1/emails/${sent.email_uuid}`, { key: acme.adminKey })).body).not.toHaveProperty("body");

    const other = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Nora", email: "nora@acme.example", role: "member" });
    const refused = await context.json(`/v1/emails/${sent.email_uuid}?include_body=true`, { key: acme.key, userUuid: other.uuid });
    expect(refused).toEqual({ status: 403, body: { error: "only an administrator or a member whose own person is on the email may read its body" } });
    // The metadata stays every member's, as in the activity feed.
    expect((await context.json(`/v1/emails/${sent.email_uuid}`, { key: acme.key, userUuid: other.uuid })).status).toBe(200);
  });

  it("answers 404 for another tenant's email, an unknown uuid and an email erased with its sender, 400 for a malformed uuid or flag", async () => {
    const theirs = await ingest(globex, { message_id: "<theirs@x>", sent_at: 1_796_590_000_000, from: "a@globex.example", to: ["b@globex.example"] });
    await context.services.store.emailBodies.put(globex.tenant.uuid, theirs.email_uuid, "secret");
    const foreign = await context.json(`/v1/emails/${theirs.email_uuid}?include_body=true`, { key: acme.key });
    expect(foreign).toEqual({ status: 404, body: { error: `email ${theirs.email_uuid} not found` } });
    expect((await context.json("/v1/emails/00000000-0000-4000-8000-000000000000", { key: acme.key })).status).toBe(404);

    const sent = await ingest(acme, { message_id: "<erased@x>", sent_at: 1_796_590_000_000, from: "eve@example.com", to: ["bob@example.com"] });
    expect((await context.json(`/v1/persons/${sent.from_person_uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect(await context.json(`/v1/emails/${sent.email_uuid}`, { key: acme.key })).toEqual({ status: 404, body: { error: `email ${sent.email_uuid} not found` } });

    const malformed = await context.json("/v1/emails/not-a-uuid", { key: acme.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body!.error).toMatch(/email_uuid/);
    const flag = await context.json(`/v1/emails/${sent.email_uuid}?include_body=yes`, { key: acme.key });
    expect(flag.status).toBe(400);
    expect(flag.body!.error).toMatch(/include_body/);
  });
});
