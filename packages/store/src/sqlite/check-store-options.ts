/** @module The checks createSqliteStore makes of its options before it opens anything. */
import { GraphInputError, resolveScoringParameters } from "@rapport/graph";
import { InvalidInputError } from "../errors.js";
import type { SqliteStoreOptions } from "./create-sqlite-store.js";

/** A value as an error message quotes it: strings in quotes, everything else as JavaScript writes it. */
function quoted(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : typeof value === "function" ? "a function" : String(value);
}

/** Every option `createSqliteStore` takes (`SqliteStoreOptions`): any other key is refused, even with an undefined value. */
const STORE_OPTION_NAMES: ReadonlySet<string> = new Set([
  "path",
  "now",
  "generateId",
  "scoringParameters",
  "mmapBytes",
  "synchronous",
  "checkpointIntervalMs",
  "lockWaitMs",
  "onMigration",
  "maximumTenantGraphs",
  "closeWaitMs",
] satisfies (keyof SqliteStoreOptions)[]);

/**
 * Refuses, with an `InvalidInputError` naming `createSqliteStore`, options a caller outside TypeScript can give: no
 * options object, a key that is none of `SqliteStoreOptions`' (a misspelt name), a `path` that is not a non-empty string (SQLite takes "" for a temporary file, gone at close), a
 * `now` or `generateId` that is not a function, a scoring parameter the graph would refuse at the first hydration (its
 * `GraphInputError` as the cause), a bad `mmapBytes`, `synchronous`, `checkpointIntervalMs`, `lockWaitMs`, `closeWaitMs` or `maximumTenantGraphs`, and an `onMigration` that is
 * not a function.
 */
export function checkStoreOptions(options: unknown): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new InvalidInputError(`createSqliteStore: expecting options { path, ... } but got ${quoted(options)}`);
  }
  // A misspelt option would otherwise fall back to its default unseen: `synchronus: "full"` syncing at checkpoints only.
  const unknown = Object.keys(options).find((key) => !STORE_OPTION_NAMES.has(key));
  if (unknown !== undefined) {
    throw new InvalidInputError(`createSqliteStore: expecting a known option name (${[...STORE_OPTION_NAMES].map((name) => `"${name}"`).join(", ")}) but got ${quoted(unknown)}`);
  }
  const { path, now, generateId, onMigration, scoringParameters, mmapBytes = 0, synchronous = "normal", checkpointIntervalMs = 250, lockWaitMs = 0, closeWaitMs = 0, maximumTenantGraphs = 1 } = options as Record<string, unknown>;
  if (typeof path !== "string" || path === "") {
    throw new InvalidInputError(`createSqliteStore: expecting "path" to be a file path or ":memory:", got ${quoted(path)}`);
  }
  for (const [name, value] of [["now", now], ["generateId", generateId], ["onMigration", onMigration]] as const) {
    if (value !== undefined && typeof value !== "function") {
      throw new InvalidInputError(`createSqliteStore: expecting "${name}" to be a function, got ${quoted(value)}`);
    }
  }
  if (!Number.isSafeInteger(mmapBytes) || (mmapBytes as number) < 0) {
    throw new InvalidInputError(`createSqliteStore: expecting "mmapBytes" to be a whole number of bytes, got ${String(mmapBytes)}`);
  }
  if (synchronous !== "normal" && synchronous !== "full") {
    throw new InvalidInputError(`createSqliteStore: expecting "synchronous" to be "normal" or "full", got ${quoted(synchronous)}`);
  }
  if (!Number.isFinite(checkpointIntervalMs) || (checkpointIntervalMs as number) <= 0) {
    throw new InvalidInputError(`createSqliteStore: expecting "checkpointIntervalMs" to be a positive number of milliseconds, got ${String(checkpointIntervalMs)}`);
  }
  for (const [name, value] of [["lockWaitMs", lockWaitMs], ["closeWaitMs", closeWaitMs]] as const) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new InvalidInputError(`createSqliteStore: expecting "${name}" to be a whole number of milliseconds, got ${String(value)}`);
    }
  }
  if (maximumTenantGraphs !== Number.POSITIVE_INFINITY && (!Number.isSafeInteger(maximumTenantGraphs) || (maximumTenantGraphs as number) < 1)) {
    throw new InvalidInputError(`createSqliteStore: expecting "maximumTenantGraphs" to be a whole number from 1 (or Infinity), got ${String(maximumTenantGraphs)}`);
  }
  try {
    resolveScoringParameters(scoringParameters as Parameters<typeof resolveScoringParameters>[0], undefined, "createSqliteStore");
  } catch (error) {
    if (error instanceof GraphInputError) throw new InvalidInputError(error.message.replace("\"parameters", "\"scoringParameters"), { cause: error });
    throw error;
  }
}
