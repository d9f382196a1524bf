import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPopulatedTenant } from "../testing/populated-tenant.js";
import { buildTenant, createTestContext, type TestContext } from "../testing/test-harness.js";
import { warmTenantGraphs } from "./warm-tenant-graphs.js";

let context: TestContext | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await context?.close();
  context = null;
});

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe("warmTenantGraphs", () => {
  it("loads every live tenant's graph through the store's graph cache, oldest tenant first, and logs each", async () => {
    context = await createTestContext();
    const { store } = context.services;
    const first = await buildPopulatedTenant(context.services, "First");
    context.clock.advance(1_000);
    const deleted = await buildTenant(context.services, { name: "Gone" });
    context.clock.advance(1_000);
    const second = await buildTenant(context.services, { name: "Second" });
    await store.tenants.delete(deleted.tenant.uuid);
    const asked = vi.spyOn(store.graphs, "forTenant");
    const { logger, lines } = capturedLogger();

    const warmup = warmTenantGraphs(store, logger, context.clock);
    expect(warmup.finished).toBe(false);
    const warmed = await warmup.done;

    expect(warmup.finished).toBe(true);
    expect(warmed.map((tenant) => tenant.tenant_uuid)).toEqual([first.tenant.uuid, second.tenant.uuid]);
    expect(asked.mock.calls.map(([tenantUuid]) => tenantUuid)).toEqual([first.tenant.uuid, second.tenant.uuid]);
    // The first tenant's meeting links its member to a person: three persons (two users and that contact), one edge.
    expect(warmed[0]).toMatchObject({ persons: 3, edges: 1 });
    expect(warmed[1]).toMatchObject({ persons: 2, edges: 0 });
    // Every company with a current member was ranked once: the first tenant's company, none in the second.
    expect(warmed.map((tenant) => tenant.companies)).toEqual([1, 0]);
    // Each tenant's names written so far went into the search's indexes: none is left for its first search.
    expect(warmed.every((tenant) => tenant.nameNotes > 0)).toBe(true);
    expect(await store.nameSearch.catchUp(first.tenant.uuid)).toBe(0);
    expect(await store.nameSearch.catchUp(second.tenant.uuid)).toBe(0);
    expect(lines.filter((line) => line.msg === "relationship graph warm").map((line) => line.tenant)).toEqual([first.tenant.uuid, second.tenant.uuid]);
    expect(lines.at(-1)).toMatchObject({ msg: "relationship graphs warm-up done", tenants: 2, warmed: 2 });

    // More tenants than the store holds graphs of: as many as it holds, the busiest this month first.
    vi.spyOn(store.graphs, "capacity").mockReturnValue(1);
    await store.usage.incrementMonthly(second.tenant.uuid, "2026-11");
    asked.mockClear();
    expect((await warmTenantGraphs(store, logger, context.clock).done).map((tenant) => tenant.tenant_uuid)).toEqual([second.tenant.uuid]);
    expect(asked.mock.calls.map(([tenantUuid]) => tenantUuid)).toEqual([second.tenant.uuid]);
  });

  it("logs a tenant whose graph fails to load and goes on with the next", async () => {
    context = await createTestContext();
    const { store } = context.services;
    const broken = await buildTenant(context.services, { name: "Broken" });
    context.clock.advance(1_000);
    const healthy = await buildTenant(context.services, { name: "Healthy" });
    const original = store.graphs.forTenant.bind(store.graphs);
    vi.spyOn(store.graphs, "forTenant").mockImplementation((tenantUuid) =>
      tenantUuid === broken.tenant.uuid ? Promise.reject(new Error("disk on fire")) : original(tenantUuid),
    );
    const { logger, lines } = capturedLogger();

    const warmed = await warmTenantGraphs(store, logger, context.clock).done;

    expect(warmed.map((tenant) => tenant.tenant_uuid)).toEqual([healthy.tenant.uuid]);
    const failure = lines.find((line) => line.level === 40);
    expect(failure).toMatchObject({ tenant: broken.tenant.uuid, msg: expect.stringMatching(/warm-up failed/) });
    expect((failure?.err as { message: string }).message).toBe("disk on fire");
  });

  it("starts no tenant after stop()", async () => {
    context = await createTestContext();
    const { store } = context.services;
    await buildTenant(context.services);
    const asked = vi.spyOn(store.graphs, "forTenant");
    const warmup = warmTenantGraphs(store, capturedLogger().logger, context.clock);
    warmup.stop();

    expect(await warmup.done).toEqual([]);
    expect(asked).not.toHaveBeenCalled();
  });
});
