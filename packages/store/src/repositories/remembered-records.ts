/**
 * @module
 * Records by uuid read through a remembered map (sqlite/remembered-reads.ts): the known ones come from
 * memory, only the missing ones are loaded, and every loaded answer, "none" included, is remembered.
 */
import type { RememberedValues } from "../sqlite/generation-cache.js";

/** Uuids per `in (...)` list: far below SQLite's limit of bound parameters. */
const MAXIMUM_UUIDS_PER_READ = 10_000;

/**
 * The records of `uuids` found by `load` (absent: none), remembered in `remembered` (null: not
 * remembered, e.g. inside a transaction) deeply frozen, since later callers share them.
 */
export async function readRemembered<Value>(
  remembered: RememberedValues<Value | null> | null,
  uuids: readonly string[],
  load: (uuids: readonly string[]) => Promise<Map<string, Value>>,
): Promise<Map<string, Value>> {
  const found = new Map<string, Value>();
  const missing: string[] = [];
  for (const uuid of new Set(uuids)) {
    const known = remembered?.get(uuid);
    if (known === undefined) missing.push(uuid);
    else if (known !== null) found.set(uuid, known);
  }
  for (let start = 0; start < missing.length; start += MAXIMUM_UUIDS_PER_READ) {
    const chunk = missing.slice(start, start + MAXIMUM_UUIDS_PER_READ);
    const loaded = await load(chunk);
    for (const uuid of chunk) {
      const value = loaded.get(uuid);
      if (value !== undefined) found.set(uuid, value);
      remembered?.set(uuid, value === undefined ? null : deepFreeze(value));
    }
  }
  return found;
}

/** Freezes a plain record and every object and array inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
