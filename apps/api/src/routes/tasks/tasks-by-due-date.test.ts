/**
 * GET /v1/tasks by due date: "what follow-ups are due this week" (or overdue) is one call, `due_date_from` and
 * `due_date_to` (calendar dates, both inclusive, either alone), over REST and MCP alike; a task without a due date
 * never matches, and a reversed range is a 400.
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
  for (const [title, due_date] of [["Send Jordan the deck", "2026-12-07"], ["Call Sam", "2026-12-11"], ["Q1 review", "2027-01-04"], ["Someday", null]] as const) {
    const created = await call("/v1/tasks", { method: "POST", body: { title, due_date, assignee_user_uuid: acme.member.uuid } });
    expect(created.status).toBe(201);
  }
});
afterAll(() => context.close());

/** The titles listed, sorted: the tasks share one creation instant on the test clock, so their order is by uuid. */
const titles = (body: Record<string, unknown>) => (body.items as Array<{ title: string }>).map((task) => task.title).sort();

describe("GET /v1/tasks by due date", () => {
  it("keeps the tasks due within the dates, both inclusive, either bound alone, none without a due date", async () => {
    const week = await call(`/v1/tasks?assignee_user_uuid=${acme.member.uuid}&status=OPEN&due_date_from=2026-12-07&due_date_to=2026-12-11`);
    expect(week.status).toBe(200);
    expect(titles(week.body)).toEqual(["Call Sam", "Send Jordan the deck"]);
    expect(week.body.total).toBe(2);
    expect(titles((await call("/v1/tasks?due_date_to=2026-12-10")).body)).toEqual(["Send Jordan the deck"]);
    expect(titles((await call("/v1/tasks?due_date_from=2026-12-08")).body)).toEqual(["Call Sam", "Q1 review"]);
  });

  it("refuses a reversed range and a date that is no date, with a 400 naming it", async () => {
    expect(await call("/v1/tasks?due_date_from=2026-12-11&due_date_to=2026-12-07")).toMatchObject({ status: 400, body: { error: "due_date_from must not be after due_date_to" } });
    expect((await call("/v1/tasks?due_date_to=friday")).body.error).toMatch(/^query parameter 'due_date_to': 'friday' is not a date YYYY-MM-DD; /);
  });

  it("answers the same over MCP", async () => {
    const result = await callMcpTool(context, { name: "listTasks", args: { due_date_from: "2026-12-07", due_date_to: "2026-12-11" }, headers: { "x-api-key": acme.memberKey } });
    expect(result.isError).not.toBe(true);
    expect(titles(result.structuredContent as Record<string, unknown>)).toEqual(["Call Sam", "Send Jordan the deck"]);
  });
});
