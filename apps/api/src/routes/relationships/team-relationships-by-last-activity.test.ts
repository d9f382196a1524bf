/**
 * GET /v1/relationships by the latest interaction: "which of the team's relationships went cold this quarter" and "what
 * did the team deal with since yesterday" in one call (last_activity_after/last_activity_before, sort_by=last_activity),
 * validated as the user relationships' are; the default ranking stays by PathPower.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { daysAgo as at, iso, seedRelationshipsOverTime } from "../../testing/relationships-over-time.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

type Relationship = { name: string; score: number; last_activity_at: number | null; last_activity_date: string | null };
const names = (body: { items?: Relationship[] } | null) => (body?.items ?? []).map((item) => item.name);

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
  await seedRelationshipsOverTime(call, acme.admin.email);
});
afterAll(() => context.close());

describe("the team's relationships by their latest interaction", () => {
  it("ranks by PathPower by default, and keeps only those whose latest interaction is at or after last_activity_after, total counting them", async () => {
    const everyone = await call("/v1/relationships");
    expect(everyone.status).toBe(200);
    const scores = (everyone.body.items as Relationship[]).map((item) => item.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
    expect(everyone.body.total).toBe(3);
    const since = await call(`/v1/relationships?last_activity_after=${iso(at(2))}&sort_by=last_activity`);
    expect(since.status).toBe(200);
    expect(names(since.body)).toEqual(["Eve Recent"]);
    expect(since.body).toMatchObject({ total: 1, has_more: false, next_cursor: null });
    expect(since.body.items[0]).toMatchObject({ last_activity_at: at(1), last_activity_date: iso(at(1)).slice(0, 10) });
    // Inclusive: the bound at the email's own millisecond keeps it.
    expect(names((await call(`/v1/relationships?last_activity_after=${iso(at(5))}`)).body).sort()).toEqual(["Eve Recent", "Grace Hopper"]);
  });

  it("sorts by the latest interaction with sort_by=last_activity, latest first, earliest first with order=asc", async () => {
    expect(names((await call("/v1/relationships?sort_by=last_activity")).body)).toEqual(["Eve Recent", "Grace Hopper", "Dan Cold"]);
    expect(names((await call("/v1/relationships?sort_by=last_activity&order=asc")).body)).toEqual(["Dan Cold", "Grace Hopper", "Eve Recent"]);
    const paged = await call("/v1/relationships?sort_by=last_activity&per_page=1&page=2");
    expect(names(paged.body)).toEqual(["Grace Hopper"]);
    expect(paged.body).toMatchObject({ total: 3, has_more: true, next_cursor: null });
  });

  it("finds what went cold with last_activity_before, a date alone covering its whole day", async () => {
    expect(names((await call(`/v1/relationships?last_activity_before=${iso(at(30))}`)).body)).toEqual(["Dan Cold"]);
    const day = iso(at(5)).slice(0, 10);
    expect(names((await call(`/v1/relationships?last_activity_before=${day}&last_activity_after=${day}`)).body)).toEqual(["Grace Hopper"]);
    expect((await call(`/v1/relationships?last_activity_before=${iso(at(100))}`)).body).toMatchObject({ items: [], total: 0 });
  });

  it("refuses a reversed range, a word for a time and an unknown sort with a 400 naming what to send", async () => {
    const reversed = await call(`/v1/relationships?last_activity_after=${iso(at(1))}&last_activity_before=${iso(at(2))}`);
    expect(reversed).toMatchObject({ status: 400, body: { error: "last_activity_after must not be after last_activity_before" } });
    const word = await call("/v1/relationships?last_activity_after=yesterday");
    expect(word.status).toBe(400);
    expect(word.body.error).toContain("query parameter 'last_activity_after'");
    const sort = await call("/v1/relationships?sort_by=rq");
    expect(sort.status).toBe(400);
    expect(sort.body.error).toContain("sort_by");
  });

  it("answers the same over MCP, and another tenant sees none of these relationships", async () => {
    const headers = { "x-api-key": acme.key };
    const result = await callMcpTool(context, { name: "listRelationships", args: { last_activity_after: iso(at(2)), sort_by: "last_activity" }, headers });
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { items: Relationship[] }).items.map((item) => item.name)).toEqual(["Eve Recent"]);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const foreign = await apiCaller(context, () => globex.key)(`/v1/relationships?last_activity_before=${iso(at(0))}&sort_by=last_activity`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ items: [], total: 0 });
  });
});
