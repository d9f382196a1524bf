import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StoreClosedError } from "../errors.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-close-in-flight-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A promise and the function that resolves it: a step of a test that another step waits for, no clock involved. */
function signal(): { reached: Promise<void>; reach: () => void } {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { reached, reach };
}

async function companyNames(path: string, tenantUuid: string): Promise<string[]> {
  const reopened = await createSqliteStore({ path });
  try {
    const page = await reopened.companies.list(tenantUuid, { filters: {}, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
    return page.rows.map((company) => company.company_name).sort();
  } finally {
    await reopened.close();
  }
}

async function storeWithTenant(path: string, options: { closeWaitMs?: number } = {}): Promise<{ store: Store; tenantUuid: string }> {
  const store = await createSqliteStore({ path, ...options });
  const tenant = await store.tenants.create({ name: "Acme", tier: "professional" });
  return { store, tenantUuid: tenant.uuid };
}

describe("close() while calls of the store are under way", () => {
  it.each([["a file", "finished.db"], ["an in-memory database", ":memory:"]])(
    "lets the calls already running on %s finish (writes and a transaction that yields between its statements) before it closes",
    async (_, name) => {
      const path = name === ":memory:" ? name : join(folder, name);
      const { store, tenantUuid } = await storeWithTenant(path);
      const creates = Array.from({ length: 20 }, (_, index) => store.companies.create({ tenant_uuid: tenantUuid, company_name: `Single ${index}` }));
      const transaction = store.transaction(async (inside) => {
        for (let index = 0; index < 5; index += 1) await inside.companies.create({ tenant_uuid: tenantUuid, company_name: `Batch ${index}` });
        return "committed";
      });
      const closing = store.close();
      const outcomes = await Promise.allSettled([...creates, transaction]);
      await closing;
      expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
      await expect(transaction).resolves.toBe("committed");
      if (path !== ":memory:") expect(await companyNames(path, tenantUuid)).toHaveLength(25);
    },
  );

  it("refuses a call made once close() has begun, before it has finished, and writes nothing of it", async () => {
    const path = join(folder, "refused-while-closing.db");
    const { store, tenantUuid } = await storeWithTenant(path);
    const running = store.companies.create({ tenant_uuid: tenantUuid, company_name: "Running" });
    const closing = store.close();
    const late = store.companies.create({ tenant_uuid: tenantUuid, company_name: "Late" });
    await expect(late).rejects.toThrow(
      `companies.create: the store of the database "${path}" is closed (store.close() was called); open it again with createSqliteStore`,
    );
    await expect(late).rejects.toBeInstanceOf(StoreClosedError);
    await running;
    await closing;
    expect(await companyNames(path, tenantUuid)).toEqual(["Running"]);
  });

  it("answers a second close() once the first has closed the store, not before", async () => {
    const { store, tenantUuid } = await storeWithTenant(join(folder, "second-close.db"));
    const running = store.companies.create({ tenant_uuid: tenantUuid, company_name: "Running" });
    const order: string[] = [];
    const first = store.close().then(() => order.push("first"));
    const second = store.close().then(() => order.push("second"));
    await Promise.all([first, second, running.then(() => order.push("call"))]);
    expect(order).toEqual(["call", "first", "second"]);
  });

  it("fails a call still running when the wait (closeWaitMs) ends with a StoreClosedError naming it and the database, and writes nothing of it", async () => {
    const path = join(folder, "cut-short.db");
    const { store, tenantUuid } = await storeWithTenant(path, { closeWaitMs: 0 });
    const entered = signal();
    const released = signal();
    const inside: { error?: unknown } = {};
    const transaction = store.transaction(async (within) => {
      await within.companies.create({ tenant_uuid: tenantUuid, company_name: "Before the close" });
      entered.reach();
      await released.reached;
      try {
        await within.companies.create({ tenant_uuid: tenantUuid, company_name: "After the close" });
      } catch (error) {
        inside.error = error;
        throw error;
      }
    });
    await entered.reached;
    await store.close();
    released.reach();
    await expect(transaction).rejects.toThrow(
      `transaction: the store of the database "${path}" was closed while the call ran (store.close() waited 0 ms for the calls under way); open it again with createSqliteStore`,
    );
    await expect(transaction).rejects.toBeInstanceOf(StoreClosedError);
    expect(inside.error).toBeInstanceOf(StoreClosedError);
    expect((inside.error as Error).message).toMatch(/^companies\.create: the store of the database ".+" was closed while the call ran/);
    expect(await companyNames(path, tenantUuid)).toEqual([]);
  });
});
