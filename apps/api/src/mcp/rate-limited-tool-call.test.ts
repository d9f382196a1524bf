/**
 * A tool call its operation's rate limit refuses: a tool error the agent reads, with the wait in the result, on an
 * HTTP 200 without `Retry-After` (an HTTP 429 would fail the whole POST in the SDK's client).
 */
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { sharedSchemaValidator } from "../testing/mcp-client-validator.js";

let context: TestContext;
let limited: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  limited = await buildTenant(context.services, { name: "Limited", perSecond: 3 });
});
afterEach(() => context.close());

describe("a tool call over the per-second limit", () => {
  it("is a tool error giving the wait, on a 200 whose headers carry the limits but no Retry-After", async () => {
    const answers: Response[] = [];
    const client = new Client({ name: "rapport-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    const inProcessFetch: typeof fetch = async (input, init) => {
      const response = await context.app.request(String(input), init);
      answers.push(response.clone());
      return response;
    };
    await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { requestInit: { headers: { "x-api-key": limited.key } }, fetch: inProcessFetch }));
    try {
      // A fresh second: the test clock only moves when told to.
      context.clock.advance(1_000);
      for (let index = 0; index < 3; index++) expect((await client.callTool({ name: "listUsers", arguments: {} })).isError).toBeFalsy();
      const refused = (await client.callTool({ name: "listUsers", arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(/^HTTP 429: per-second rate limit exceeded: 3 requests per second for this API key and any key rotated from or to it; retry after 1 s$/) });
      expect(refused.structuredContent).toEqual({ status: 429, error: expect.stringMatching(/^per-second rate limit exceeded/), retry_after_seconds: 1 });
      const answer = answers.at(-1)!;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(answer.headers.get("retry-after")).toBeNull();
      // A call whose arguments build no request is counted by the bridge itself, and refused in the same words.
      const unbuilt = (await client.callTool({ name: "getPerson", arguments: {} })) as CallToolResult;
      expect(unbuilt).toMatchObject({ isError: true, structuredContent: { status: 429, retry_after_seconds: 1 } });
      expect(unbuilt.content[0]).toMatchObject({ text: expect.stringMatching(/^HTTP 429: per-second rate limit exceeded/) });
      expect(answers.at(-1)!.headers.get("retry-after")).toBeNull();
    } finally {
      await client.close();
    }
  });
});
