/** One contract, run against every RateLimitCounter implementation. */
import { createSqliteStore } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { createManualClock } from "../clock.js";
import { createInMemoryRateLimitCounter } from "./in-memory-rate-limit-counter.js";
import type { RateLimitCounter } from "./rate-limit-counter.js";
import { createStoreRateLimitCounter } from "./store-rate-limit-counter.js";

/** The store counts only its tenants' requests: the subjects the contract counts are created as tenants. */
async function storeWithTenants(tenantUuids: string[]) {
  const remaining = [...tenantUuids];
  const store = await createSqliteStore({ path: ":memory:", generateId: () => remaining.shift() ?? crypto.randomUUID() });
  for (const tenantUuid of tenantUuids) await store.tenants.create({ name: `Tenant ${tenantUuid}`, tier: "standard" });
  return store;
}

const implementations: Array<[string, () => Promise<RateLimitCounter>]> = [
  ["in-memory", async () => createInMemoryRateLimitCounter(createManualClock(0))],
  ["store", async () => createStoreRateLimitCounter(await storeWithTenants(["a", "b"]))],
];

// Window ids are calendar months: the store counts only those (the per-second windows are counted in memory).
describe.each(implementations)("RateLimitCounter contract: %s", (_name, create) => {
  it("counts per subject and window, independently", async () => {
    const counter = await create();
    expect(await counter.current("a", "2026-11")).toBe(0);
    expect(await counter.increment("a", "2026-11", 10_000)).toBe(1);
    expect(await counter.increment("a", "2026-11", 10_000)).toBe(2);
    expect(await counter.increment("b", "2026-11", 10_000)).toBe(1);
    expect(await counter.increment("a", "2026-12", 20_000)).toBe(1);
    expect(await counter.current("a", "2026-11")).toBe(2);
    expect(await counter.current("c", "2026-11")).toBe(0);
  });

  it("counts every one of many concurrent increments", async () => {
    const counter = await create();
    const results = await Promise.all(Array.from({ length: 50 }, () => counter.increment("a", "2026-11", 10_000)));
    expect(new Set(results).size).toBe(50);
    expect(await counter.current("a", "2026-11")).toBe(50);
  });
});

describe("in-memory counter", () => {
  it("forgets windows once they expire", async () => {
    const clock = createManualClock(0);
    const counter = createInMemoryRateLimitCounter(clock);
    await counter.increment("a", "second-0", 1_000);
    clock.set(5_000);
    await counter.increment("a", "second-5", 6_000);
    expect(await counter.current("a", "second-0")).toBe(0);
    expect(await counter.current("a", "second-5")).toBe(1);
  });
});
