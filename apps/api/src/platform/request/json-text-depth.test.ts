import { describe, expect, it } from "vitest";
import { jsonNestingProblem, MAX_JSON_DEPTH } from "./json-nesting.js";
import { jsonTextDeeperThan } from "./json-text-depth.js";

/** `depth` arrays inside one another around `inner`. */
const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);

describe("jsonTextDeeperThan", () => {
  it("counts nesting as the check after parsing does: MAX_JSON_DEPTH levels pass, one more does not", () => {
    for (const depth of [MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1]) {
      const text = `{"a":${nested(depth - 1)}}`;
      expect(jsonTextDeeperThan(text, MAX_JSON_DEPTH)).toBe(jsonNestingProblem(JSON.parse(text)) !== null);
    }
    expect(jsonTextDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonTextDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    // Siblings do not add up: depth is nesting, not a count of brackets.
    expect(jsonTextDeeperThan(`[${Array.from({ length: 100 }, () => nested(3)).join(",")}]`, MAX_JSON_DEPTH)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes and backslashes included", () => {
    expect(jsonTextDeeperThan(`{"name":"${"[".repeat(100)}"}`, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonTextDeeperThan(`{"name":"a \\" ${"{".repeat(100)}"}`, MAX_JSON_DEPTH)).toBe(false);
    // The string ends at a quote after an escaped backslash: the brackets after it are the body's.
    expect(jsonTextDeeperThan(`["a\\\\",${nested(MAX_JSON_DEPTH)}]`, MAX_JSON_DEPTH)).toBe(true);
    // A string that never closes: the parser names the fault.
    expect(jsonTextDeeperThan(`["${"[".repeat(100)}`, MAX_JSON_DEPTH)).toBe(false);
  });
});
