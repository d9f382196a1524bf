import { describe, expect, it } from "vitest";
import { namedBefore } from "./batch-endpoints.js";

describe("namedBefore", () => {
  it("counts, for each batch after the first, its targets that any earlier batch named", () => {
    expect(namedBefore([["a", "b"], ["b", "c"], ["a", "c", "d"], ["e"]])).toEqual([1, 2, 0]);
    expect(namedBefore([["a"]])).toEqual([]);
  });
});
