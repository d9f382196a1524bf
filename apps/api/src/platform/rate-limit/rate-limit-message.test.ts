/** The per-second 429 names whose window was exceeded: an API key's (with its rotations), or an OAuth user's tokens. */
import type { ApiKeyOwner } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { createManualClock } from "../clock.js";
import { createInMemoryRateLimitCounter } from "./in-memory-rate-limit-counter.js";
import { countRequest } from "./rate-limit.js";

const NOW = Date.UTC(2026, 11, 8, 12);
const tenant = { uuid: "6f1d1c1e-0000-4000-8000-000000000001", name: "Acme", tier: "custom", per_second_limit: 1, monthly_limit: 100, created_at: 0 };

/** The second request of one second from `key`'s owner: refused, as the limit is 1. */
async function secondRequestRefusal(key: Partial<ApiKeyOwner["key"]>): Promise<string | undefined> {
  const clock = createManualClock(NOW);
  const services = { clock, perSecondCounter: createInMemoryRateLimitCounter(clock), monthlyCounter: createInMemoryRateLimitCounter(clock) };
  const owner = { tenant, key: { uuid: "k", lineage_uuid: "k", key_prefix: "rk_live_abc", ...key } } as unknown as ApiKeyOwner;
  await countRequest(services, owner);
  return (await countRequest(services, owner)).refusal?.message;
}

describe("the per-second 429's message", () => {
  it("names an API key with its rotations, and an OAuth caller's tokens as its user's", async () => {
    expect(await secondRequestRefusal({})).toBe("per-second rate limit exceeded: 1 requests per second for this API key and any key rotated from or to it; retry after 1 s");
    expect(await secondRequestRefusal({ uuid: "oauth:u", lineage_uuid: "oauth:u", key_prefix: "oauth" })).toBe(
      "per-second rate limit exceeded: 1 requests per second for this user's OAuth access tokens, all clients together; retry after 1 s",
    );
  });
});
