/**
 * Whose requests a rate limit counts (spec, Limits: the per-second limit per API key, the monthly one per tenant):
 * one tenant spending its budgets, over REST and over MCP, leaves another tenant's answers and X-RateLimit-* headers
 * exactly as they are without it, so no tenant learns of another's traffic or is refused for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const PER_SECOND = 3;
const MONTHLY = 5;

let context: TestContext;
let busy: TestTenant;
let quiet: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  busy = await buildTenant(context.services, { name: "Busy", tier: "custom", perSecond: PER_SECOND, monthly: MONTHLY });
  quiet = await buildTenant(context.services, { name: "Quiet", tier: "custom", perSecond: PER_SECOND, monthly: MONTHLY });
});
afterAll(() => context.close());

const limitHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("x-ratelimit-") || name === "retry-after"));

/** Sends `count` requests as `key` in the current second, half of them as MCP tool calls; the last answer. */
async function spend(key: string, count: number): Promise<Response> {
  let last!: Response;
  for (let index = 0; index < count; index++) {
    if (index % 2 === 1) {
      await postMcpMessage(context, { method: "tools/call", params: { name: "listUsers", arguments: {} } }, { "x-api-key": key });
    }
    last = await context.request("/v1/users", { key });
  }
  return last;
}

describe("rate-limit buckets", () => {
  it("count one tenant's requests, REST and MCP, against that tenant's key and month alone", async () => {
    // The quiet tenant's first request of a second, with nothing else sent: the answer to compare with.
    const alone = await context.request("/v1/users", { key: quiet.key });
    expect(alone.status).toBe(200);
    const aloneHeaders = limitHeaders(alone);
    context.clock.advance(1_000);

    // The busy tenant spends its second's and its month's budget, on its tenant-wide key and its bound keys.
    expect((await spend(busy.key, PER_SECOND + 1)).status).toBe(429);
    expect((await spend(busy.memberKey, MONTHLY)).status).toBe(429);
    const refused = await context.request("/v1/users", { key: busy.adminKey });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/monthly rate limit exceeded/);

    // In the same second, the quiet tenant's second request is answered as its first was: the busy one's count is its own.
    const beside = await context.request("/v1/users", { key: quiet.adminKey });
    expect(beside.status).toBe(200);
    expect(limitHeaders(beside)).toEqual({ ...aloneHeaders, "x-ratelimit-remaining-monthly": String(MONTHLY - 2), "x-ratelimit-reset": String(Number(aloneHeaders["x-ratelimit-reset"]) + 1) });
  });
});
