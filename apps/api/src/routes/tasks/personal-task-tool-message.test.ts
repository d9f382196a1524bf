/**
 * A PERSONAL task created tenant-wide is refused over REST and over MCP alike, but each refusal says what its caller
 * can do: a REST client sends a header, an agent calling a tool cannot, so it reads what it can do instead.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

const personalTask = { title: "Follow up with Jordan", scope: "PERSONAL" };
const taskCount = async () => (await context.json("/v1/tasks", { key: acme.key })).body!.total as number;

describe("a PERSONAL task created tenant-wide", () => {
  it("tells a REST client which header to send", async () => {
    const answer = await apiCaller(context, () => acme.key)("/v1/tasks", { method: "POST", body: personalTask });
    expect(answer).toEqual({ status: 400, body: { error: "a PERSONAL task needs a user context: use a user-bound key or send x-service-user-id" } });
  });

  it("tells an agent over MCP what it can do, naming no header, and writes nothing", async () => {
    const before = await taskCount();
    const result = await callMcpTool(context, { name: "createTask", args: { body: personalTask }, headers: { "x-api-key": acme.key } });
    expect(result.isError).toBe(true);
    const text = result.content[0]!.text;
    expect(text).toMatch(/^HTTP 400: a PERSONAL task needs a user context, and these calls act tenant-wide, as no user: create it with scope WORKSPACE/);
    expect(text).not.toMatch(/x-service-user-id|header/i);
    expect(await taskCount()).toBe(before);
  });

  it("is created over MCP when the calls act as a user", async () => {
    const result = await callMcpTool(context, { name: "createTask", args: { body: personalTask }, headers: { "x-api-key": acme.memberKey } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ scope: "PERSONAL" });
  });
});
