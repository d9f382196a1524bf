/**
 * GET /v1/users/{user_uuid}/relationships by the latest interaction: "whom did I deal with since yesterday" and "who went
 * quiet" in one call (last_activity_after/last_activity_before, sort_by=last_activity), validated as the other lists'
 * time filters are, over REST and MCP alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { daysAgo as at, iso, seedRelationshipsOverTime } from "../../testing/relationships-over-time.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;
let path: string;

type Relationship = { name: string; last_activity_at: number | null; last_activity_date: string | null };
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
  path = `/v1/users/${acme.admin.uuid}/relationships`;
  await seedRelationshipsOverTime(call, acme.admin.email);
});
afterAll(() => context.close());

describe("a user's relationships by their latest interaction", () => {
  it("keeps only those whose latest interaction is at or after last_activity_after, total counting them", async () => {
    const since = await call(`${path}?last_activity_after=${iso(at(2))}&sort_by=last_activity`);
    expect(since.status).toBe(200);
    expect(names(since.body)).toEqual(["Eve Recent"]);
    expect(since.body).toMatchObject({ total: 1, has_more: false, next_cursor: null });
    expect(since.body.items[0]).toMatchObject({ last_activity_at: at(1), last_activity_date: iso(at(1)).slice(0, 10) });
    // Inclusive: the bound at the email's own millisecond keeps it.
    expect(names((await call(`${path}?last_activity_after=${iso(at(5))}`)).body).sort()).toEqual(["Eve Recent", "Grace Hopper"]);
  });

  it("sorts by the latest interaction with sort_by=last_activity, latest first, earliest first with order=asc", async () => {
    expect(names((await call(path)).body)[0]).toBe("Grace Hopper");
    expect(names((await call(`${path}?sort_by=last_activity`)).body)).toEqual(["Eve Recent", "Grace Hopper", "Dan Cold"]);
    expect(names((await call(`${path}?sort_by=last_activity&order=asc`)).body)).toEqual(["Dan Cold", "Grace Hopper", "Eve Recent"]);
    const paged = await call(`${path}?sort_by=last_activity&per_page=1&page=2`);
    expect(names(paged.body)).toEqual(["Grace Hopper"]);
    expect(paged.body).toMatchObject({ total: 3, has_more: true, next_cursor: null });
  });

  it("finds who went quiet with last_activity_before, a date alone covering its whole day", async () => {
    expect(names((await call(`${path}?last_activity_before=${iso(at(30))}`)).body)).toEqual(["Dan Cold"]);
    const day = iso(at(5)).slice(0, 10);
    expect(names((await call(`${path}?last_activity_before=${day}&last_activity_after=${day}`)).body)).toEqual(["Grace Hopper"]);
    expect((await call(`${path}?last_activity_before=${iso(at(100))}`)).body).toMatchObject({ items: [], total: 0 });
  });

  it("refuses a reversed range, a word for a time, an unknown sort and a cursor with a 400 naming what to send", async () => {
    const reversed = await call(`${path}?last_activity_after=${iso(at(1))}&last_activity_before=${iso(at(2))}`);
    expect(reversed).toMatchObject({ status: 400, body: { error: "last_activity_after must not be after last_activity_before" } });
    const word = await call(`${path}?last_activity_after=yesterday`);
    expect(word.status).toBe(400);
    expect(word.body.error).toContain("query parameter 'last_activity_after': 'yesterday' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of GET /v1/me");
    const sort = await call(`${path}?sort_by=name`);
    expect(sort.status).toBe(400);
    expect(sort.body.error).toContain("sort_by");
    const cursor = await call(`${path}?cursor=abc`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.error).toContain("unknown query parameter 'cursor'");
  });

  it("points a change filter of another list (since=, updated_after=) to last_activity_after", async () => {
    for (const name of ["since", "updated_after", "modified_since"]) {
      const answer = await call(`${path}?${name}=${iso(at(2))}`);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error, name).toContain(`unknown query parameter '${name}' (did you mean 'last_activity_after'?)`);
    }
  });

  it("answers the same over MCP, and another tenant's user stays a 404 whatever the filters", async () => {
    const headers = { "x-api-key": acme.key };
    const result = await callMcpTool(context, { name: "listUserRelationships", args: { user_uuid: acme.admin.uuid, last_activity_after: iso(at(2)), sort_by: "last_activity" }, headers });
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { items: Relationship[] }).items.map((item) => item.name)).toEqual(["Eve Recent"]);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const foreign = await apiCaller(context, () => globex.key)(`/v1/users/${acme.admin.uuid}/relationships?last_activity_after=${iso(at(2))}&sort_by=last_activity`);
    expect(foreign.status).toBe(404);
  });

  it("takes the user's person uuid for the user, as owner_user_uuid does, over MCP too; another person's, or another tenant's user's, is a 404", async () => {
    const byPerson = await call(`/v1/users/${acme.admin.person_uuid}/relationships?last_activity_after=${iso(at(2))}&sort_by=last_activity`);
    expect(byPerson.status).toBe(200);
    expect(names(byPerson.body)).toEqual(["Eve Recent"]);
    const headers = { "x-api-key": acme.key };
    const result = await callMcpTool(context, { name: "listUserRelationships", args: { user_uuid: acme.admin.person_uuid, sort_by: "last_activity" }, headers });
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { items: Relationship[] }).items.map((item) => item.name)).toEqual(names((await call(`${path}?sort_by=last_activity`)).body));
    const [contact] = (await call("/v1/persons?name=eve%20recent")).body.items as Array<{ uuid: string }>;
    expect((await call(`/v1/users/${contact!.uuid}/relationships`)).status).toBe(404);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const foreign = await apiCaller(context, () => globex.key)(`/v1/users/${acme.admin.person_uuid}/relationships`);
    expect(foreign).toMatchObject({ status: 404, body: { error: `user ${acme.admin.person_uuid} not found` } });
  });
});
