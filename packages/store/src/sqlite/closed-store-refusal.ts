/**
 * @module
 * Refuses every call of a closed store with a `StoreClosedError` naming the call and the database, before it runs:
 * after `close()` a call reached Kysely or better-sqlite3 and failed with their bare words ("driver has already been
 * destroyed", "The database connection is not open"), which named neither the store nor what to do.
 */
import { StoreClosedError } from "../errors.js";
import { SYNCHRONOUS_CALLS } from "../request-checks/with-checked-calls.js";
import type { Store } from "../store.js";

/** The store's own calls that answer no promise (the repositories' are in SYNCHRONOUS_CALLS). */
const SYNCHRONOUS_STORE_CALLS = new Set(["revision"]);

/** The refusal of `operation` on the closed store of the database `path`. */
export function storeClosedError(operation: string, path: string): StoreClosedError {
  const database = path === ":memory:" ? "an in-memory database" : `the database "${path}"`;
  return new StoreClosedError(`${operation}: the store of ${database} is closed (store.close() was called); open it again with createSqliteStore`);
}

/** `call`, refused (thrown, or a rejected promise for an async call) once `isClosed()`. */
function refusingWhenClosed(operation: string, synchronous: boolean, call: (...args: never[]) => unknown, isClosed: () => boolean, path: string) {
  return (...args: never[]) => {
    if (isClosed()) {
      const refusal = storeClosedError(operation, path);
      if (synchronous) throw refusal;
      return Promise.reject(refusal);
    }
    return call(...args);
  };
}

/**
 * The store with each repository call, `transaction`, `backup` and `revision` refused once `isClosed()` says the store
 * is closed; `close` itself is left as it is (a second close does nothing). A synchronous call throws the
 * `StoreClosedError`, an asynchronous one answers a promise rejected with it.
 *
 * @example const store = withClosedStoreRefusal(buildStore(...), () => closed, "./data/rapport.db");
 */
export function withClosedStoreRefusal(store: Store, isClosed: () => boolean, path: string): Store {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(store)) {
    if (name === "close") guarded[name] = member;
    else if (typeof member === "function") {
      guarded[name] = refusingWhenClosed(name, SYNCHRONOUS_STORE_CALLS.has(name), member as (...args: never[]) => unknown, isClosed, path);
    } else if (typeof member === "object" && member !== null) {
      const repository: Record<string, unknown> = {};
      for (const [key, call] of Object.entries(member)) {
        const operation = `${name}.${key}`;
        repository[key] = typeof call === "function" ? refusingWhenClosed(operation, SYNCHRONOUS_CALLS.has(operation), call.bind(member), isClosed, path) : call;
      }
      guarded[name] = repository;
    } else guarded[name] = member;
  }
  return guarded as unknown as Store;
}
