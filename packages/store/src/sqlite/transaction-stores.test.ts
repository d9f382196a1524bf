import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "../store.js";

// Counts the repositories built: every one is wrapped in its call checks once, as it is built.
vi.mock("../request-checks/with-checked-calls.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../request-checks/with-checked-calls.js")>();
  return { ...original, withCheckedCalls: vi.fn(original.withCheckedCalls) };
});

// Test files share each worker's modules (isolate: false): the store is imported afresh, with the mock.
let createSqliteStore: typeof import("./create-sqlite-store.js").createSqliteStore;
let withCheckedCalls: typeof import("../request-checks/with-checked-calls.js").withCheckedCalls;
beforeAll(async () => {
  vi.resetModules();
  ({ createSqliteStore } = await import("./create-sqlite-store.js"));
  ({ withCheckedCalls } = await import("../request-checks/with-checked-calls.js"));
  // Importing the package afresh takes seconds on a loaded machine (the suite's limit catches a hang, not a slow run).
}, 60_000);

let store: Store;
let tenantUuid: string;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const personNames = async () =>
  (await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 })).rows.map(
    (person) => person.name,
  );

/** The repositories wrapped (built) while `work` ran, by name. */
async function repositoriesBuiltBy(work: () => Promise<unknown>): Promise<string[]> {
  vi.mocked(withCheckedCalls).mockClear();
  await work();
  return vi.mocked(withCheckedCalls).mock.calls.map(([name]) => name);
}

describe("a transaction's store", () => {
  it("builds no repository for an empty transaction, and only those its work reads for another", async () => {
    expect(await repositoriesBuiltBy(() => store.transaction(async () => {}))).toEqual([]);
    const built = await repositoriesBuiltBy(() =>
      store.transaction(async (inside) => {
        await inside.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
        await inside.persons.create({ tenant_uuid: tenantUuid, name: "Grace" });
      }),
    );
    expect(built).toEqual(["persons"]);
    expect(await repositoriesBuiltBy(() => store.transaction((inside) => inside.transaction(async () => {})))).toEqual([]);
  });

  it("lists every member of the store, as the store does", async () => {
    await store.transaction(async (inside) => {
      expect(Object.keys(inside)).toEqual(Object.keys(store));
      expect(Object.keys(inside)).toContain("persons");
      expect(typeof { ...inside }.persons.create).toBe("function");
    });
  });

  it.each([
    ["committed", async (work: (inside: Store) => Promise<void>) => store.transaction(work)],
    ["rolled back", async (work: (inside: Store) => Promise<void>) => store.transaction(async (inside) => {
      await work(inside);
      throw new Error("rolled back");
    }).catch(() => undefined)],
  ])("refuses a repository kept past its transaction (%s), read during it or first after it, and writes nothing", async (_, run) => {
    let kept: Store | undefined;
    await run(async (inside) => {
      kept = inside;
      void inside.persons;
    });
    await expect(kept!.persons.create({ tenant_uuid: tenantUuid, name: "Late" })).rejects.toThrow(/^Transaction is already (committed|rolled back)$/);
    await expect(kept!.companies.create({ tenant_uuid: tenantUuid, company_name: "Late Ltd" })).rejects.toThrow(/^Transaction is already (committed|rolled back)$/);
    await expect(kept!.transaction(async () => {})).rejects.toThrow(/^Transaction is already (committed|rolled back)$/);
    expect(await personNames()).toEqual([]);
  });

  it("is its transaction's own: two transactions share no repository, and one's kept repository writes nothing into the other", async () => {
    const stores: Store[] = [];
    const first = store.transaction(async (inside) => {
      stores.push(inside);
      await inside.persons.create({ tenant_uuid: tenantUuid, name: "Rolled back" });
      throw new Error("undone");
    });
    const second = store.transaction(async (inside) => {
      stores.push(inside);
      await inside.persons.create({ tenant_uuid: tenantUuid, name: "Committed" });
      await expect(stores[0]!.persons.create({ tenant_uuid: tenantUuid, name: "Through the first" })).rejects.toThrow("Transaction is already rolled back");
    });
    await expect(first).rejects.toThrow("undone");
    await second;
    expect(stores).toHaveLength(2);
    expect(stores[0]!.persons).not.toBe(stores[1]!.persons);
    expect(await personNames()).toEqual(["Committed"]);
  });
});
