/**
 * @module
 * Refuses every call of a closed store with a `StoreClosedError` naming the call and the database, before it runs:
 * after `close()` a call reached Kysely or better-sqlite3 and failed with their bare words ("driver has already been
 * destroyed", "The database connection is not open"), which named neither the store nor what to do. A call already
 * running when `close()` began is let finish (`close()` waits for it, up to a bound), an iteration of an async
 * iterable the store answered (`guardedIteration`) too; one still running once the connection is closed under it
 * fails with a `StoreClosedError` naming it, the driver's error as its cause.
 */
import { ConflictError, ForbiddenError, HistoryPrunedError, IncompatibleDatabaseError, InvalidInputError, NotFoundError, StoreClosedError } from "../errors.js";
import { SYNCHRONOUS_CALLS } from "../request-checks/with-checked-calls.js";
import type { Store } from "../store.js";
import type { CallsInFlight } from "./calls-in-flight.js";
import { guardedIteration, isAsyncIterable, type IterationGuard } from "./guarded-iteration.js";
import { lazyObject } from "./lazy-members.js";

/** The store's own calls that answer no promise (the repositories' are in SYNCHRONOUS_CALLS). */
const SYNCHRONOUS_STORE_CALLS = new Set(["revision"]);

/** The store's own errors: a call's answer, kept as it is even when the store closed meanwhile. */
const STORE_ERRORS = [ConflictError, ForbiddenError, HistoryPrunedError, IncompatibleDatabaseError, InvalidInputError, NotFoundError, StoreClosedError];

/**
 * Where a store is in its closing: `"open"`; `"closing"` once `close()` began (new calls refused, those under way go
 * on); `"closed"` once its connection is closed.
 */
export type StoreState = "open" | "closing" | "closed";

/** What the refusal needs to know of the store it guards. */
export interface ClosingStore {
  /** The store's state now. */
  state(): StoreState;
  /** The database (its file, absolute, or `:memory:`). */
  path: string;
  /** How long `close()` waits for the calls under way, in milliseconds (named in the error of a call it cut short). */
  closeWaitMs: number;
}

function databaseOf(path: string): string {
  return path === ":memory:" ? "an in-memory database" : `the database "${path}"`;
}

/** The refusal of `operation` on the closed store of the database `path`. */
export function storeClosedError(operation: string, path: string): StoreClosedError {
  return new StoreClosedError(`${operation}: the store of ${databaseOf(path)} is closed (store.close() was called); open it again with createSqliteStore`);
}

/** The error of `operation`, still running (or part of a transaction still running) when `close()` closed the connection. */
function closedUnderCall(operation: string, closing: ClosingStore, cause: unknown): StoreClosedError {
  return new StoreClosedError(
    `${operation}: the store of ${databaseOf(closing.path)} was closed while the call ran (store.close() waited ${closing.closeWaitMs} ms for the calls ` +
      "under way); open it again with createSqliteStore",
    { cause },
  );
}

/** Which calls are refused, and whether their answers are counted until they settle. */
interface Guard {
  refused: (state: StoreState) => boolean;
  calls: CallsInFlight | null;
}

/** How an iteration of `operation`'s answer is refused, cut short and counted (`guardedIteration`). */
function iterationGuard(operation: string, closing: ClosingStore, guard: Guard): IterationGuard {
  const { calls } = guard;
  return {
    refusalToBegin: () =>
      guard.refused(closing.state()) ? (calls === null ? closedUnderCall(operation, closing, undefined) : storeClosedError(operation, closing.path)) : null,
    closed: () => closing.state() === "closed",
    cutShort: (cause) => closedUnderCall(operation, closing, cause),
    isStoreError: (error) => STORE_ERRORS.some((kind) => error instanceof kind),
    track: calls === null ? null : (ended) => void calls.track(ended),
  };
}

/** `call`, refused (thrown, or a rejected promise for an async call) when the guard says so, its failure once the connection closed a `StoreClosedError`. */
function guardedCall(operation: string, synchronous: boolean, call: (...args: never[]) => unknown, closing: ClosingStore, guard: Guard) {
  return (...args: never[]) => {
    if (guard.refused(closing.state())) {
      const refusal = guard.calls === null ? closedUnderCall(operation, closing, undefined) : storeClosedError(operation, closing.path);
      if (synchronous) throw refusal;
      return Promise.reject(refusal);
    }
    const answer = call(...args);
    if (synchronous && isAsyncIterable(answer)) return guardedIteration(answer, iterationGuard(operation, closing, guard));
    if (synchronous || !(answer instanceof Promise)) return answer;
    const settled = answer.catch((error: unknown) => {
      if (closing.state() === "closed" && !STORE_ERRORS.some((kind) => error instanceof kind)) throw closedUnderCall(operation, closing, error);
      throw error;
    });
    return guard.calls === null ? settled : guard.calls.track(settled);
  };
}

/** A member of the store (a repository, or one of its own calls) with its calls guarded. */
function guardedMember(name: string, member: unknown, closing: ClosingStore, guard: Guard): unknown {
  if (name === "close") return member;
  if (typeof member === "function") return guardedCall(name, SYNCHRONOUS_STORE_CALLS.has(name), member as (...args: never[]) => unknown, closing, guard);
  if (typeof member !== "object" || member === null) return member;
  const repository: Record<string, unknown> = {};
  for (const [key, call] of Object.entries(member)) {
    const operation = `${name}.${key}`;
    repository[key] = typeof call === "function" ? guardedCall(operation, SYNCHRONOUS_CALLS.has(operation), call.bind(member), closing, guard) : call;
  }
  return repository;
}

/** The store with each member guarded when first read: a transaction's store guards only the repositories it uses. */
function guarded(store: Store, closing: ClosingStore, guard: Guard): Store {
  // Its names alone: `Object.keys` would read each member of a lazily built store, building it.
  const names = Reflect.ownKeys(store).filter((name): name is string => typeof name === "string");
  return lazyObject<Store>(names, (name) => guardedMember(name, store[name as keyof Store], closing, guard));
}

/**
 * The store with each repository call, `transaction`, `backup` and `revision` refused once `close()` began; `close`
 * itself is left as it is. A synchronous call throws the `StoreClosedError`, an asynchronous one answers a promise
 * rejected with it. Each asynchronous call is counted in `calls` until it settles, and fails with a `StoreClosedError`
 * naming it when the connection was closed before it finished.
 *
 * @example const store = withClosedStoreRefusal(buildStore(...), { state: () => state, path, closeWaitMs: 5000 }, calls);
 */
export function withClosedStoreRefusal(store: Store, closing: ClosingStore, calls: CallsInFlight): Store {
  return guarded(store, closing, { refused: (state) => state !== "open", calls });
}

/**
 * The store a transaction's `work` is given, its calls refused once the connection is closed (not while `close()`
 * waits: the transaction is a call under way), and failing with a `StoreClosedError` naming them when it closed under them.
 *
 * @example work(withinClosingStore(buildStore(transactionContext, ...), closing));
 */
export function withinClosingStore(store: Store, closing: ClosingStore): Store {
  return guarded(store, closing, { refused: (state) => state === "closed", calls: null });
}
