/**
 * The 400s an integrator meets polling for changes say what to send: a watermark passed back as the epoch
 * milliseconds the API's `*_at` fields hold is shown as the ISO 8601 instant the filter takes, and one list's
 * change filter sent to another names the one that list takes.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../testing/api-call.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterEach(() => context.close());

describe("change-polling errors", () => {
  it("shows an epoch-milliseconds watermark as the ISO 8601 instant to send", async () => {
    const answer = await call("/v1/persons?modified_since=1796445858584");
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(
      "query parameter 'modified_since': '1796445858584' is not an ISO 8601 date or date-time: epoch milliseconds (as in *_at fields) are not accepted here; send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.584Z",
    );
    const seconds = await call("/v1/opportunities?updated_after=1796445858");
    expect(seconds.body?.error).toContain("epoch seconds (as in *_at fields) are not accepted here; send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.000Z");
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
      "HTTP 400: query parameter 'updated_after': 'last week' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of the getMe tool (the server's current time)",
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
