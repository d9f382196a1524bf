/**
 * The 400s an integrator meets polling for changes say what to send: a watermark passed back as the epoch
 * milliseconds the API's `*_at` fields hold is shown as the ISO 8601 instant the filter takes, and one list's
 * change filter sent to another names the one that list takes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../testing/api-call.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";

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

describe("change-polling errors", () => {
  it("shows an epoch-milliseconds watermark as the ISO 8601 instant to send", async () => {
    const answer = await call("/v1/persons?modified_since=1796445858584");
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(
      "query parameter 'modified_since': '1796445858584' is not an ISO 8601 date or date-time: epoch milliseconds (as in *_at fields) are not accepted here; send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.584Z",
    );
    const seconds = await call("/v1/opportunities?updated_after=1796445858");
    expect(seconds.body?.error).toContain("epoch seconds are not accepted here; send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.000Z");
    // A malformed date keeps the plain message.
    expect((await call("/v1/persons?modified_since=2026-11-31")).body?.error).toBe("query parameter 'modified_since': '2026-11-31' is not an ISO 8601 date or date-time");
    // The hinted instant is accepted.
    expect((await call("/v1/persons?modified_since=2026-12-05T04:44:18.584Z")).status).toBe(200);
  });

  it("sends a word for a time ('yesterday') to the server's current time, by its tool name over MCP", async () => {
    const answer = await call("/v1/activity?since=yesterday");
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(
      "query parameter 'since': 'yesterday' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of GET /v1/me (the server's current time)",
    );
    const me = await call("/v1/me");
    // The hint is true: GET /v1/me answers the server's time as ISO 8601.
    expect(me.body?.server_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const overMcp = await callMcpTool(context, { name: "listMeetings", args: { updated_after: "last week" }, headers: { "x-api-key": acme.key } });
    expect(overMcp.content[0]!.text).toBe(
      "HTTP 400: argument 'updated_after': 'last week' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of the getMe tool (the server's current time)",
    );
  });

  it("names getMe in a hint only to a client whose tools include it, and says what to do instead to one without it", async () => {
    const headers = { "x-api-key": acme.key };
    const plain = "HTTP 400: argument 'updated_after': 'yesterday' is not an ISO 8601 date or date-time; for a time relative to now, ";
    // ?areas=meetings leaves out Users: getMe cannot be called, so the agent writes the date.
    expect((await callMcpTool(context, { name: "listMeetings", args: { updated_after: "yesterday" }, headers, query: "?areas=meetings" })).content[0]!.text).toBe(
      `${plain}send the date or time it means, counted from today's date (UTC), as YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ`,
    );
    expect((await callMcpTool(context, { name: "listMeetings", args: { updated_after: "yesterday" }, headers, query: "?areas=meetings,users" })).content[0]!.text).toBe(
      `${plain}count from server_time of the getMe tool (the server's current time)`,
    );
    // A UUID finder likewise: listPersons, listCompanies, listUsers and getMe only where the client has them.
    const notUuid = (name: string, args: Record<string, unknown>, query: string) => callMcpTool(context, { name, args, headers, query }).then((result) => result.content[0]!.text);
    expect(await notUuid("listMeetings", { person_uuid: "Jordan Blake" }, "?areas=meetings")).toBe(
      "HTTP 400: argument 'person_uuid': must be a UUID; no tool of this client finds a person by name: send one from an earlier answer, or ask for it",
    );
    expect(await notUuid("listMeetings", { person_uuid: "Jordan Blake" }, "?areas=meetings,persons")).toBe(
      "HTTP 400: argument 'person_uuid': must be a UUID; find a person's uuid by name with the listPersons tool (name=)",
    );
    expect(await notUuid("getCompanyPathPower", { company_uuid: "Northwind" }, "?areas=pathpower")).toBe(
      "HTTP 400: argument 'company_uuid': must be a UUID; no tool of this client finds a company by name: send one from an earlier answer, or ask for it",
    );
    expect(await notUuid("listTasks", { assignee_user_uuid: "Avery" }, "?areas=tasks")).toBe(
      "HTTP 400: argument 'assignee_user_uuid': must be a UUID; no tool of this client lists users (the server's instructions name the caller's); for another user, send one from an earlier answer, or ask for it",
    );
    // A name sent under another argument than the UUID's, refused before any REST call, is hinted the same way.
    expect(await notUuid("getPersonRecommendedPaths", { name: "Jordan Blake" }, "?areas=recommended-paths")).toBe(
      "argument 'person_uuid' is required: getPersonRecommendedPaths needs it for GET /v1/persons/{person_uuid}/recommended-paths; 'name' is not an argument of getPersonRecommendedPaths; no tool of this client finds a person by name: send one from an earlier answer, or ask for it",
    );
    expect(await notUuid("getPersonRecommendedPaths", { name: "Jordan Blake" }, "?areas=recommended-paths,persons")).toMatch(/; find a person's uuid by name with the listPersons tool \(name=\)$/);
    expect(await notUuid("listTasks", { assignee_user_uuid: "Avery" }, "?areas=tasks,users")).toBe(
      "HTTP 400: argument 'assignee_user_uuid': must be a UUID; the listUsers tool lists the users with their uuids (getMe: the caller's)",
    );
  });

  it.each([
    ["/v1/opportunities?modified_since=2026-12-01", "modified_since", "updated_after"],
    ["/v1/notes?modified_since=2026-12-01", "modified_since", "updated_after"],
    ["/v1/tasks?updated_since=2026-12-01", "updated_since", "updated_after"],
    ["/v1/companies?updated_after=2026-12-01", "updated_after", "modified_since"],
    ["/v1/persons?changed_since=2026-12-01", "changed_since", "modified_since"],
  ])("%s names the change filter the list takes", async (path, sent, meant) => {
    const answer = await call(path);
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toMatch(new RegExp(`^unknown query parameter '${sent}' \\(did you mean '${meant}'\\?\\); this operation accepts: `));
  });

  it("suggests nothing where the list has no change filter", async () => {
    const answer = await call("/v1/opportunity-types?updated_after=2026-12-01");
    expect(answer.body?.error).toBe("unknown query parameter 'updated_after'; this operation accepts: include_hidden");
  });
});
