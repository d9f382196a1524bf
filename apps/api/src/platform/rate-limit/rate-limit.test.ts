import { afterEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext } from "../../testing/test-harness.js";
import { issueApiKey } from "../auth/issue-api-key.js";
import { rotateApiKey } from "../auth/rotate-api-key.js";
import { limitsFor } from "./rate-limit-tiers.js";
import { monthWindow } from "./rate-limit-windows.js";

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});
async function open(options: Parameters<typeof createTestContext>[0] = {}) {
  const context = await createTestContext(options);
  contexts.push(context);
  return context;
}

const headersOf = (response: Response) =>
  Object.fromEntries(
    ["limit", "remaining", "reset", "limit-monthly", "remaining-monthly", "reset-monthly"].map((name) => [
      name,
      response.headers.get(`x-ratelimit-${name}`),
    ]),
  );

const NEXT_SECOND = String(Math.floor(TEST_START / 1000) + 1);
const NEXT_MONTH = String(Date.UTC(2026, 11, 1) / 1000);

describe("tiers", () => {
  it("match the specification's table, with custom values per tenant", () => {
    expect(limitsFor({ tier: "standard", per_second_limit: null, monthly_limit: null })).toEqual({ perSecond: 5, monthly: 10_000 });
    expect(limitsFor({ tier: "professional", per_second_limit: null, monthly_limit: null })).toEqual({ perSecond: 20, monthly: 100_000 });
    expect(limitsFor({ tier: "enterprise", per_second_limit: null, monthly_limit: null })).toEqual({ perSecond: 50, monthly: 500_000 });
    expect(limitsFor({ tier: "custom", per_second_limit: 3, monthly_limit: 9 })).toEqual({ perSecond: 3, monthly: 9 });
  });

  it("resets the month at 00:00:00 UTC on the 1st", () => {
    expect(monthWindow(Date.UTC(2026, 11, 31, 23, 59, 59))).toEqual({ id: "2026-12", resetAt: Date.UTC(2027, 0, 1) / 1000 });
  });
});

describe("rate limiting", () => {
  it("sends all six headers and answers 429 past the per-second budget of a standard key", async () => {
    const context = await open();
    const acme = await buildTenant(context.services, { tier: "standard" });
    for (let index = 1; index <= 5; index++) {
      const response = await context.request("/v1/users", { key: acme.key });
      expect(response.status).toBe(200);
      expect(headersOf(response)).toEqual({
        limit: "5",
        remaining: String(5 - index),
        reset: NEXT_SECOND,
        "limit-monthly": "10000",
        "remaining-monthly": String(10_000 - index),
        "reset-monthly": NEXT_MONTH,
      });
    }
    const refused = await context.request("/v1/users", { key: acme.key, headers: { "x-request-id": "over-budget" } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/per-second rate limit exceeded: 5 requests per second/);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-request-id")).toBe("over-budget");
    expect(headersOf(refused)).toMatchObject({ remaining: "0", "remaining-monthly": "9995" });

    // Another key of the same tenant has its own per-second window.
    expect((await context.request("/v1/users", { key: acme.adminKey })).status).toBe(200);
    // The window resets at the start of the next second.
    context.clock.advance(750);
    const next = await context.request("/v1/users", { key: acme.key });
    expect(next.status).toBe(200);
    expect(headersOf(next)).toMatchObject({ remaining: "4", "remaining-monthly": "9993" });
  });

  it("counts a rotated key and its replacement in one per-second window during the grace period: alternating doubles nothing", async () => {
    const context = await open();
    const acme = await buildTenant(context.services, { tier: "custom", perSecond: 4, monthly: 1_000 });
    const old = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, label: "crm" });
    const rotated = (await rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: old.key.uuid, graceHours: 24 }))!;
    const statuses: number[] = [];
    const remaining: Array<string | null> = [];
    for (let index = 0; index < 6; index++) {
      const response = await context.request("/v1/users", { key: index % 2 === 0 ? old.plaintext : rotated.plaintext });
      statuses.push(response.status);
      remaining.push(response.headers.get("x-ratelimit-remaining"));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(remaining).toEqual(["3", "2", "1", "0", "0", "0"]);
    // The refusal names the window as it is counted: true of either key of the lineage, and of a key never rotated.
    for (const key of [old.plaintext, rotated.plaintext]) {
      expect(((await (await context.request("/v1/users", { key })).json()) as { error: string }).error).toBe(
        "per-second rate limit exceeded: 4 requests per second for this API key and any key rotated from or to it; retry after 1 s",
      );
    }
    // Another key of the tenant, not of the lineage, keeps its own window.
    expect((await context.request("/v1/users", { key: acme.key })).status).toBe(200);
    context.clock.advance(1_000);
    expect((await context.request("/v1/users", { key: rotated.plaintext })).headers.get("x-ratelimit-remaining")).toBe("3");
  });

  it("puts the headers on error responses too (404, 403)", async () => {
    const context = await open();
    const acme = await buildTenant(context.services, { tier: "professional" });
    const missing = await context.request("/v1/persons/00000000-0000-4000-8000-000000000000", { key: acme.key });
    expect(missing.status).toBe(404);
    expect(headersOf(missing)).toMatchObject({ limit: "20", "limit-monthly": "100000" });
    const forbidden = await context.request("/v1/users", { key: acme.key, userUuid: "00000000-0000-4000-8000-000000000000" });
    expect(forbidden.status).toBe(403);
    expect(headersOf(forbidden)).toMatchObject({ remaining: "18" });
  });

  it("answers 429 past the monthly budget, and the count survives a restart on the same database", async () => {
    const first = await open();
    const acme = await buildTenant(first.services, { tier: "custom", perSecond: 100, monthly: 3 });
    for (let index = 0; index < 2; index++) expect((await first.request("/v1/users", { key: acme.key })).status).toBe(200);
    await first.services.store.close();

    const restarted = await open({ databasePath: first.databasePath });
    const third = await restarted.request("/v1/users", { key: acme.key });
    expect(third.status).toBe(200);
    expect(headersOf(third)["remaining-monthly"]).toBe("0");
    const refused = await restarted.request("/v1/users", { key: acme.adminKey });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/monthly rate limit exceeded: 3 requests/);
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(headersOf(refused)).toMatchObject({ "remaining-monthly": "0", "reset-monthly": NEXT_MONTH });

    // A new calendar month starts from zero.
    restarted.clock.set(Date.UTC(2026, 11, 1, 0, 0, 0));
    const december = await restarted.request("/v1/users", { key: acme.key });
    expect(december.status).toBe(200);
    expect(headersOf(december)).toMatchObject({ "remaining-monthly": "2", "reset-monthly": String(Date.UTC(2027, 0, 1) / 1000) });
  });

  it("lets no request past the monthly budget of two servers on one database file, each answering the count they share", async () => {
    const first = await open();
    const second = await open({ databasePath: first.databasePath });
    const acme = await buildTenant(first.services, { tier: "custom", perSecond: 100, monthly: 4 });
    // Alternating between the servers, as a load balancer would, within one of their periods of counting in memory.
    const statuses: number[] = [];
    const remaining: Array<string | null> = [];
    for (let index = 0; index < 6; index++) {
      const response = await (index % 2 === 0 ? first : second).request("/v1/users", { key: acme.key });
      statuses.push(response.status);
      remaining.push(response.headers.get("x-ratelimit-remaining-monthly"));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(remaining).toEqual(["3", "2", "1", "0", "0", "0"]);
  });
});
