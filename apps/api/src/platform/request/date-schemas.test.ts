/**
 * A calendar date given as a word ("next friday" for a task's due date) is told where the server's current time is,
 * as a date filter's word is, over REST and MCP; a malformed date is quoted, with no hint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.memberKey);
});
afterAll(() => context.close());

const HINT_REST = "for a time relative to now, count from server_time of GET /v1/me (the server's current time)";

describe("a calendar date given as a word", () => {
  it("is told to count from the server's current time, and a malformed date is quoted without the hint", async () => {
    const task = await call("/v1/tasks", { method: "POST", body: { title: "Send Jordan the deck", due_date: "next friday" } });
    expect(task).toMatchObject({ status: 400, body: { error: `body field 'due_date': 'next friday' is not a date YYYY-MM-DD; ${HINT_REST}` } });
    const deals = await call("/v1/opportunities?close_date_from=this%20quarter&close_date_to=2026-12-31");
    expect(deals).toMatchObject({ status: 400, body: { error: `query parameter 'close_date_from': 'this quarter' is not a date YYYY-MM-DD; ${HINT_REST}` } });
    const company = await call("/v1/companies", { method: "POST", body: { company_name: "Northwind" } });
    const person = await call("/v1/persons", { method: "POST", body: { name: "Jordan Blake", affiliations: [{ company_uuid: company.body.uuid, started_on: "last spring" }] } });
    expect(person).toMatchObject({ status: 400, body: { error: `body field 'affiliations.0.started_on': 'last spring' is not a date YYYY-MM-DD; ${HINT_REST}` } });
    expect((await call("/v1/tasks", { method: "POST", body: { title: "Deck", due_date: "2026-02-30" } })).body.error).toBe("body field 'due_date': '2026-02-30' is not a date YYYY-MM-DD");
    expect((await call("/v1/tasks", { method: "POST", body: { title: "Deck", due_date: "2026-12-11" } })).status).toBe(201);
  });

  it("names the getMe tool over MCP", async () => {
    const result = await callMcpTool(context, { name: "createTask", args: { body: { title: "Send Jordan the deck", due_date: "next friday" } }, headers: { "x-api-key": acme.memberKey } });
    expect(result.content[0]!.text).toBe(
      "HTTP 400: body field 'due_date': 'next friday' is not a date YYYY-MM-DD; for a time relative to now, count from server_time of the getMe tool (the server's current time)",
    );
  });
});
