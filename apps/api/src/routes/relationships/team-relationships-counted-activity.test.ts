/**
 * GET /v1/relationships reads the team's latest COUNTED interaction (the per-user lists' per-pair time, latest over the
 * users), not the entity's: Oscar last met Paula 14 months ago, and a 60-person conference with her yesterday (meetings
 * over 50 people count toward no relationship) or her mail to a list no user is on does not make the relationship
 * recent; a 1:1 yesterday does, unless its user was deactivated since. `last_activity_date` stays the entity's, as its
 * record shows it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { daysAgo as at, iso } from "../../testing/relationships-over-time.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

type Relationship = { uuid: string; name: string; last_activity_at: number | null; last_activity_date: string | null };
const items = (body: { items?: Relationship[] } | null) => body?.items ?? [];
const names = (body: { items?: Relationship[] } | null) => items(body).map((item) => item.name);

async function meet(title: string, daysAgo: number, attendees: string[]): Promise<void> {
  const created = await call("/v1/meetings", { method: "POST", body: { title, starts_at: iso(at(daysAgo)), attendees } });
  expect(created.status).toBe(201);
}

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
  const oscar = acme.admin.email;
  const partner = await call("/v1/companies", { method: "POST", body: { company_name: "Partner Co", domain: "partner.example" } });
  expect(partner.status).toBe(201);
  const paula = await call("/v1/persons", { method: "POST", body: { name: "Paula Partner", emails: ["paula@partner.example"], primary_company_uuid: partner.body.uuid } });
  expect(paula.status).toBe(201);
  await meet("Partnership review", 425, [oscar, "paula@partner.example"]);
  // Yesterday: a 60-person conference with Oscar and Paula, and Paula's mail to a list no user is on.
  const crowd = Array.from({ length: 58 }, (_, index) => `guest${index}@conference.example`);
  await meet("Partner conference", 1, [oscar, "paula@partner.example", ...crowd]);
  const mail = await call("/v1/emails/batch", {
    method: "POST",
    body: { messages: [{ message_id: "<list@x>", sent_at: iso(at(1)), from: "paula@partner.example", to: ["partners@lists.example"], subject: "News" }] },
  });
  expect(mail.status).toBe(200);
  // Quinn, another partner's contact, Oscar wrote to 10 days ago: recent, as a control.
  expect((await call("/v1/persons", { method: "POST", body: { name: "Quinn Recent", emails: ["quinn@other.example"] } })).status).toBe(201);
  const quinn = await call("/v1/emails/batch", {
    method: "POST",
    body: { messages: [{ message_id: "<q@x>", sent_at: iso(at(10)), from: oscar, to: ["quinn@other.example"], subject: "Hi" }] },
  });
  expect(quinn.status).toBe(200);
});
afterAll(() => context.close());

const coldSince = (entity: string) => call(`/v1/relationships?entity=${entity}&last_activity_before=${iso(at(365))}`);

describe("the team's relationships by the team's latest counted interaction", () => {
  it("keeps Paula cold after a 60-person conference and a list mail yesterday, while her record's last_activity_date shows them", async () => {
    const cold = await coldSince("person");
    expect(cold.status).toBe(200);
    expect(names(cold.body)).toEqual(["Paula Partner"]);
    expect(cold.body.total).toBe(1);
    expect(items(cold.body)[0]).toMatchObject({ last_activity_at: at(425), last_activity_date: iso(at(1)).slice(0, 10) });
    expect(names((await call(`/v1/relationships?last_activity_after=${iso(at(2))}`)).body)).toEqual([]);
    expect(names((await call("/v1/relationships?sort_by=last_activity")).body)).toEqual(["Quinn Recent", "Paula Partner"]);
  });

  it("keeps Partner Co cold the same way, its time over its current external members", async () => {
    const cold = await coldSince("company");
    expect(cold.status).toBe(200);
    expect(names(cold.body)).toEqual(["Partner Co"]);
    expect(items(cold.body)[0]).toMatchObject({ last_activity_at: at(425), last_activity_date: iso(at(1)).slice(0, 10) });
    expect(names((await call(`/v1/relationships?entity=company&last_activity_after=${iso(at(2))}`)).body)).toEqual([]);
  });

  it("makes Paula and Partner Co recent after a 1:1 yesterday", async () => {
    await meet("Catch-up", 1, [acme.admin.email, "paula@partner.example"]);
    for (const entity of ["person", "company"]) {
      expect((await coldSince(entity)).body).toMatchObject({ items: [], total: 0 });
      const recent = await call(`/v1/relationships?entity=${entity}&last_activity_after=${iso(at(2))}`);
      expect(items(recent.body).map((item) => item.last_activity_at)).toEqual([at(1)]);
    }
  });

  it("counts only active users: a deactivated user's 1:1 yesterday no longer makes the relationship recent", async () => {
    await meet("Catch-up", 1, [acme.member.email, "paula@partner.example"]);
    expect(names((await coldSince("person")).body)).toEqual([]);
    expect(await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    for (const entity of ["person", "company"]) {
      const cold = await coldSince(entity);
      expect(items(cold.body).map((item) => item.last_activity_at)).toEqual([at(425)]);
    }
  });
});
