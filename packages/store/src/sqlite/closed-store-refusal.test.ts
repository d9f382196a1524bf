import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StoreClosedError } from "../errors.js";
import { StoreClosedError as VocabularyStoreClosedError } from "../vocabulary.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { SYNCHRONOUS_CALLS } from "../request-checks/with-checked-calls.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-closed-store-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every call of the store but `close`, by its name (`persons.list`, `transaction`), with the function to call. */
function callsOf(store: Store): Array<[string, (...args: unknown[]) => unknown]> {
  return Object.entries(store).flatMap(([name, member]): Array<[string, (...args: unknown[]) => unknown]> => {
    if (name === "close") return [];
    if (typeof member === "function") return [[name, member as (...args: unknown[]) => unknown]];
    return Object.entries(member as object)
      .filter(([, call]) => typeof call === "function")
      .map(([key, call]) => [`${name}.${key}`, call as (...args: unknown[]) => unknown]);
  });
}

/** What a call of a closed store did: threw, or answered a promise that settled so. */
async function outcomeOf(call: () => unknown): Promise<{ thrown: boolean; error: unknown }> {
  let answer: unknown;
  try {
    answer = call();
  } catch (error) {
    return { thrown: true, error };
  }
  try {
    await answer;
    return { thrown: false, error: undefined };
  } catch (error) {
    return { thrown: false, error };
  }
}

describe("a closed store", () => {
  it("refuses every call with a StoreClosedError naming the call and the database file, thrown by the synchronous calls, a rejection from the others", async () => {
    const path = join(folder, "refused.db");
    const store = await createSqliteStore({ path });
    const tenant = await store.tenants.create({ name: "Acme", tier: "professional" });
    await store.close();
    const calls = callsOf(store);
    expect(calls.length).toBeGreaterThan(150);
    for (const [operation, call] of calls) {
      const { thrown, error } = await outcomeOf(() => call(tenant.uuid, {}));
      expect(error, operation).toBeInstanceOf(StoreClosedError);
      expect((error as Error).message, operation).toBe(
        `${operation}: the store of the database "${path}" is closed (store.close() was called); open it again with createSqliteStore`,
      );
      expect(thrown, operation).toBe(SYNCHRONOUS_CALLS.has(operation) || operation === "revision");
    }
  });

  it("writes nothing when refused, and closing it again does nothing", async () => {
    const path = join(folder, "unwritten.db");
    const store = await createSqliteStore({ path });
    const tenant = await store.tenants.create({ name: "Acme", tier: "professional" });
    await store.close();
    await expect(store.users.create({ tenant_uuid: tenant.uuid, name: "Ada Park", email: "ada@acme.example", role: "administrator" })).rejects.toThrow(StoreClosedError);
    await expect(store.close()).resolves.toBeUndefined();
    const reopened = await createSqliteStore({ path });
    const users = await reopened.users.list(tenant.uuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(users.rows).toEqual([]);
    await reopened.close();
  });

  it("names an in-memory database as such, and is the class the vocabulary entry exports", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    await store.close();
    const refusal = store.tenants.get("e6821a7e-3f78-45e7-b15f-272aff6f002b");
    await expect(refusal).rejects.toThrow(
      "tenants.get: the store of an in-memory database is closed (store.close() was called); open it again with createSqliteStore",
    );
    await expect(refusal).rejects.toBeInstanceOf(VocabularyStoreClosedError);
    expect(() => store.graphs.hydrated("e6821a7e-3f78-45e7-b15f-272aff6f002b")).toThrow(StoreClosedError);
  });
});
