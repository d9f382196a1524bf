/** GET /v1/meetings?uuids=: the meetings of an activity feed page in one call, as a sync reads them. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
});
afterEach(() => context.close());

const meeting = async (tenant: TestTenant, title: string) => {
  const answer = await context.json("/v1/meetings", { key: tenant.key, method: "POST", body: { title, starts_at: "2026-11-25T10:00:00Z", attendees: [] } });
  expect(answer.status).toBe(201);
  return answer.body!.uuid as string;
};

describe("GET /v1/meetings?uuids", () => {
  it("lists only the named live meetings of the tenant", async () => {
    const [kickoff, review, cancelled, deleted] = [await meeting(acme, "Kickoff"), await meeting(acme, "Review"), await meeting(acme, "Cancelled"), await meeting(acme, "Deleted")];
    await meeting(acme, "Not asked for");
    const theirs = await meeting(globex, "Globex's");
    expect((await context.json(`/v1/meetings/${cancelled}`, { key: acme.key, method: "PUT", body: { status: "cancelled" } })).status).toBe(200);
    expect((await context.json(`/v1/meetings/${deleted}`, { key: acme.key, method: "DELETE" })).status).toBe(204);

    const answer = await context.json(`/v1/meetings?uuids=${[kickoff, review.toUpperCase(), cancelled, deleted, theirs].join(",")}&per_page=50`, { key: acme.key });
    expect(answer.status).toBe(200);
    expect((answer.body!.items as Array<{ uuid: string; title: string; status: string }>).map((item) => [item.title, item.status]).sort()).toEqual([
      ["Cancelled", "cancelled"],
      ["Kickoff", "confirmed"],
      ["Review", "confirmed"],
    ]);
    expect(answer.body!.total).toBe(3);
  });

  it("refuses more than 100 uuids or one that is not a uuid, naming the parameter", async () => {
    const many = Array.from({ length: 101 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`).join(",");
    const tooMany = await context.json(`/v1/meetings?uuids=${many}`, { key: acme.key });
    expect(tooMany).toMatchObject({ status: 400, body: { error: "query parameter 'uuids': at most 100 UUIDs, got 101" } });
    const bad = await context.json("/v1/meetings?uuids=kickoff", { key: acme.key });
    expect(bad).toMatchObject({ status: 400, body: { error: "query parameter 'uuids': 'kickoff' is not a UUID" } });
  });
});
