/**
 * @module
 * What a parsed request body may not hold, whatever its operation: nesting deeper than any of our shapes
 * (a value thousands of levels deep parses, but serializing it again overflows the stack, so a stored one
 * would fail every later read of its record), a `__proto__` key, which copying the body into an
 * object turns into a prototype instead of a value, silently dropping it, and the NUL character (U+0000),
 * which SQLite's text functions take for the end of the text: a name holding one is stored whole but then
 * matched, searched and case-folded only up to it; nor a lone surrogate (lone-surrogate.ts), which has no UTF-8 form;
 * nor, given the text it was parsed from, a key written twice in one object (duplicate-json-key.ts).
 */
import { cutName } from "../errors/shown-name.js";
import { duplicateKeyProblem } from "./duplicate-json-key.js";
import { holdsLoneSurrogate, LONE_SURROGATE_PROBLEM } from "./lone-surrogate.js";
import { NUL_CHARACTER_PROBLEM, holdsNulCharacter } from "./nul-character.js";

/** Deepest nesting of arrays and objects a request body may have; our deepest shape (an MCP call's arguments) uses about eight. */
export const MAX_JSON_DEPTH = 32;

/** The refusal of a body nesting arrays and objects deeper than `maxDepth`. */
export const nestedTooDeep = (maxDepth: number) => `request body nests arrays and objects more than ${maxDepth} levels deep`;

/** Where a value sits in the body: its key or index, under its parent's place (null for the body itself). */
interface Place {
  readonly key: string | number;
  readonly parent: Place | null;
}

/** The field a place names, built only for a refusal: the walk itself copies no paths. */
function fieldNamed(place: Place | null): string {
  const keys: Array<string | number> = [];
  for (let at = place; at !== null; at = at.parent) keys.unshift(at.key);
  return keys.length === 0 ? "body" : `body field '${keys.map((key) => cutName(String(key))).join(".")}'`;
}

/** Why the string `text` at `place` may not be stored, or null. */
function textProblem(text: string, place: Place | null): string | null {
  if (holdsNulCharacter(text)) return `${fieldNamed(place)}: ${NUL_CHARACTER_PROBLEM}`;
  if (holdsLoneSurrogate(text)) return `${fieldNamed(place)}: ${LONE_SURROGATE_PROBLEM}`;
  return null;
}

/**
 * Why `value` (parsed JSON) is not an acceptable body, or null when it is. Walks without recursion. Given `source`,
 * the text `value` was parsed from, the keys the walk meets are counted too: fewer than the text writes means a key
 * given twice in one object, which parsing silently dropped.
 */
export function jsonNestingProblem(value: unknown, source?: string, maxDepth = MAX_JSON_DEPTH): string | null {
  if (typeof value === "string") return textProblem(value, null);
  if (value === null || typeof value !== "object") return null;
  // Only arrays and objects wait their turn: a string or number is checked where it is met, so a body of 60,000
  // keys queues no entry (and no place) for each value, which made this walk cost two thirds of JSON.parse's time.
  const pending: Array<[object, number, Place | null]> = [[value, 1, null]];
  let keys = 0;
  while (pending.length > 0) {
    const [current, depth, place] = pending.pop()!;
    if (depth > maxDepth) return nestedTooDeep(maxDepth);
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        const element: unknown = current[index];
        if (typeof element === "string") {
          const problem = textProblem(element, { key: index, parent: place });
          if (problem !== null) return problem;
        } else if (element !== null && typeof element === "object") pending.push([element, depth + 1, { key: index, parent: place }]);
      }
      continue;
    }
    const ownKeys = Object.keys(current);
    keys += ownKeys.length;
    for (const key of ownKeys) {
      if (key === "__proto__") return "request body must not use the key '__proto__'";
      if (holdsNulCharacter(key)) return `body: a field's name: ${NUL_CHARACTER_PROBLEM}`;
      if (holdsLoneSurrogate(key)) return `body: a field's name: ${LONE_SURROGATE_PROBLEM}`;
      const member: unknown = (current as Record<string, unknown>)[key];
      if (typeof member === "string") {
        const problem = textProblem(member, { key, parent: place });
        if (problem !== null) return problem;
      } else if (member !== null && typeof member === "object") pending.push([member, depth + 1, { key, parent: place }]);
    }
  }
  return source === undefined ? null : duplicateKeyProblem(source, keys);
}
