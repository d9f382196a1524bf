import { describe, expect, it } from "vitest";
import { EdgeScoreMemo } from "./edge-score-memo.js";

describe("EdgeScoreMemo", () => {
  it("remembers scores within a call and forgets them at the next", () => {
    const memo = new EdgeScoreMemo();
    memo.begin(4);
    expect(memo.get(2)).toBeNaN();
    memo.set(2, 0.5);
    memo.set(3, -1);
    expect([memo.get(2), memo.get(3)]).toEqual([0.5, -1]);
    memo.begin(4);
    expect(memo.get(2)).toBeNaN();
  });

  it("grows to a larger edge table and forgets what it held", () => {
    const memo = new EdgeScoreMemo();
    memo.begin(2);
    memo.set(1, 0.25);
    memo.begin(10);
    expect(memo.get(1)).toBeNaN();
    memo.set(9, 0.75);
    expect(memo.get(9)).toBe(0.75);
  });
});
