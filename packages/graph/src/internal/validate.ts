/** @module Small input checks used at the top of every public function. */
import { MAXIMUM_TIME } from "./dates.js";
import { invalidArgument } from "./errors.js";

/**
 * Returns `value` when it is a finite epoch-millisecond time a Date can hold (-0 as 0), else throws.
 * @example requireTime("pathPower", "now", Date.UTC(2026, 11, 1)); // 1796083200000
 */
export function requireTime(functionName: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > MAXIMUM_TIME) {
    throw invalidArgument(functionName, `"${name}" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range)`, value);
  }
  // -0 is the instant 0: kept as given, a last activity at 0 came back as 0 or -0 by the order interactions arrived in.
  return value === 0 ? 0 : value;
}

/**
 * Returns `value` when it is a non-empty string (uuids are not parsed: any id works), else throws.
 * @example requireUuid("markInternal", "userUuid", "user-ada"); // "user-ada"
 */
export function requireUuid(functionName: string, name: string, value: unknown): string {
  if (typeof value !== "string" || value.length === 0) {
    throw invalidArgument(functionName, `"${name}" to be a non-empty string`, value);
  }
  return value;
}

/**
 * Returns `value` when it is a plain object (not null, not an array), else throws.
 * @example requireObject("activityStats", "options", { now: 0 }).now; // 0
 */
export function requireObject(functionName: string, name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidArgument(functionName, `"${name}" to be an object`, value);
  }
  return value as Record<string, unknown>;
}

/**
 * Returns `options` when it is an object whose every key is one of `known`'s, else throws: a misspelt option
 * (`limt`) must not fall back to its default in silence. Every public function that takes options checks
 * them with this, before reading any (lists: `option-names.ts`); the hydrations check their `input` object
 * with it too, naming it with `argumentName` and its keys with `keyNoun`.
 * @example requireOptions("strongestRelationships", { now: 0, limit: 2 }, { now: true, parameters: true, limit: true }).limit; // 2
 * @example requireOptions("hydrateGraph", { interactions: [] }, { interactions: true }, { argumentName: "input", keyNoun: "input field" });
 */
export function requireOptions(
  functionName: string,
  options: unknown,
  known: Readonly<Record<string, true>>,
  { argumentName = "options", keyNoun = "option name" }: { argumentName?: string; keyNoun?: string } = {},
): Record<string, unknown> {
  const checked = requireObject(functionName, argumentName, options);
  for (const key of Object.keys(checked)) {
    if (!Object.hasOwn(known, key)) {
      const names = Object.keys(known).map((name) => `"${name}"`).join(", ");
      throw invalidArgument(functionName, `a known ${keyNoun} (${names})`, key);
    }
  }
  return checked;
}

/**
 * Returns `value` when it is a function, else throws.
 * @example requireFunction("hydrateGraphAsync", "yieldControl", () => Promise.resolve());
 */
export function requireFunction<T extends (...args: never[]) => unknown>(functionName: string, name: string, value: unknown): T {
  if (typeof value !== "function") throw invalidArgument(functionName, `"${name}" to be a function`, value);
  return value as T;
}

/**
 * Returns `value` when it is an integer of at least `minimum`, else throws.
 * @example requireCount("recommendedPaths", "limit", 5, 0); // 5
 */
export function requireCount(functionName: string, name: string, value: unknown, minimum: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
    throw invalidArgument(functionName, `"${name}" to be an integer of at least ${minimum}`, value);
  }
  return value;
}

/**
 * Like {@link requireCount}, with `fallback` for undefined.
 * @example optionalCount("recommendedPaths", "limit", undefined, 0, 10); // 10
 */
export function optionalCount(functionName: string, name: string, value: unknown, minimum: number, fallback: number): number {
  return value === undefined ? fallback : requireCount(functionName, name, value, minimum);
}

/**
 * Returns `value` when it is one of `allowed`, else throws.
 * @example requireOneOf("recommendedPaths", "order", "asc", ["asc", "desc"]); // "asc"
 */
export function requireOneOf<T extends string>(functionName: string, name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw invalidArgument(functionName, `"${name}" to be one of ${allowed.map((item) => `"${item}"`).join(", ")}`, value);
  }
  return value as T;
}
