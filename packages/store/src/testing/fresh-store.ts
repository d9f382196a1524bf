/** @module Test helper: a fresh in-memory store with one tenant for each test. */
import { afterEach, beforeEach } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

/** The store and tenant of the running test; `reopen` starts over with empty ones (a property test's run). */
export interface FreshStore {
  readonly store: Store;
  readonly tenantUuid: string;
  reopen(): Promise<void>;
}

/** Opens an in-memory store with one tenant before each test of the calling file, and closes it after. */
export function useFreshStore(): FreshStore {
  let store: Store | undefined;
  let tenantUuid = "";
  const open = async () => {
    store = await createSqliteStore({ path: ":memory:" });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  };
  beforeEach(open);
  afterEach(() => store?.close());
  return {
    get store() {
      if (store === undefined) throw new Error("useFreshStore: the store is opened before each test");
      return store;
    },
    get tenantUuid() {
      return tenantUuid;
    },
    async reopen() {
      await store?.close();
      await open();
    },
  };
}
