/**
 * @module
 * What a parsed request body may not hold, whatever its operation: nesting deeper than any of our shapes
 * (a value thousands of levels deep parses, but serializing it again overflows the stack, so a stored one
 * would fail every later read of its record), and a `__proto__` key, which copying the body into an
 * object turns into a prototype instead of a value, silently dropping it.
 */

/** Deepest nesting of arrays and objects a request body may have; our deepest shape (an MCP call's arguments) uses about eight. */
export const MAX_JSON_DEPTH = 32;

/** Why `value` (parsed JSON) is not an acceptable body, or null when it is. Walks without recursion. */
export function jsonNestingProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth > maxDepth) return `request body nests arrays and objects more than ${maxDepth} levels deep`;
    if (Array.isArray(current)) {
      for (const element of current) pending.push([element, depth + 1]);
      continue;
    }
    for (const key of Object.keys(current)) {
      if (key === "__proto__") return "request body must not use the key '__proto__'";
      pending.push([(current as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return null;
}
