import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

const titlesListed = async (query: string) => {
  const response = await context.request(`/v1/meetings?${query}&order=asc`, { key: acme.key });
  const body = (await response.json()) as { items?: Array<{ title: string }>; error?: string };
  return { status: response.status, titles: body.items?.map((item) => item.title), error: body.error };
};

describe("GET /v1/meetings time range", () => {
  beforeEach(async () => {
    const meetings = [
      ["Morning", "2026-11-25T00:00:00Z"],
      ["Afternoon", "2026-11-25T15:00:00Z"],
      ["Last minute", "2026-11-25T23:59:59.999Z"],
      ["Next day", "2026-11-26T00:00:00Z"],
    ];
    for (const [title, starts_at] of meetings) {
      const response = await context.request("/v1/meetings", { key: acme.key, method: "POST", body: { title, starts_at, attendees: [] } });
      expect(response.status).toBe(201);
    }
  });

  it("takes a date alone as starts_to to include that whole day (UTC)", async () => {
    expect(await titlesListed("starts_to=2026-11-25")).toMatchObject({ status: 200, titles: ["Morning", "Afternoon", "Last minute"] });
    expect(await titlesListed("starts_from=2026-11-25&starts_to=2026-11-25")).toMatchObject({ titles: ["Morning", "Afternoon", "Last minute"] });
  });

  it("keeps an instant as starts_to exact, and a date alone as starts_from that day's first instant", async () => {
    expect(await titlesListed("starts_to=2026-11-25T15:00:00Z")).toMatchObject({ titles: ["Morning", "Afternoon"] });
    expect(await titlesListed("starts_to=2026-11-25T00:00:00Z")).toMatchObject({ titles: ["Morning"] });
    expect(await titlesListed("starts_from=2026-11-26")).toMatchObject({ titles: ["Next day"] });
  });

  it("answers a reversed range with a 400, as the opportunity filters do, over MCP alike, and a bad bound with a 400", async () => {
    expect(await titlesListed("starts_from=2026-11-26&starts_to=2026-11-25")).toMatchObject({ status: 400, error: "starts_from must not be after starts_to" });
    expect(await titlesListed("starts_from=2026-11-25T15:00:00.001Z&starts_to=2026-11-25T15:00:00Z")).toMatchObject({ status: 400 });
    expect(await titlesListed("starts_from=2026-11-25T15:00:00Z&starts_to=2026-11-25T15:00:00Z")).toMatchObject({ status: 200, titles: ["Afternoon"] });
    const overMcp = await callMcpTool(context, { name: "listMeetings", args: { starts_from: "2026-11-26", starts_to: "2026-11-25" }, headers: { "x-api-key": acme.key } });
    expect(overMcp.content[0]!.text).toBe("HTTP 400: starts_from must not be after starts_to");
    const bad = await titlesListed("starts_to=2026-11-31");
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/starts_to.*'2026-11-31' is not an ISO 8601 date or date-time/);
  });
});
