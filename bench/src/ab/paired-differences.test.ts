import { describe, expect, it } from "vitest";
import { pairedDifferences, quantile } from "./paired-differences.js";

describe("pairedDifferences", () => {
  it("reads the differences within pairs, not the sides' own spread", () => {
    // B is 1 higher in every pair while both sides swing by tens: the differences say 1, every time.
    const pairs = [10, 40, 25, 70, 15].map((a) => ({ a, b: a + 1 }));
    expect(pairedDifferences(pairs)).toEqual({ pairs: 5, medianA: 25, medianB: 26, medianDifference: 1, lowerQuartile: 1, upperQuartile: 1, bLower: 0 });
  });

  it("counts the pairs in which b was lower, a tie for neither, and gives the differences' quartiles", () => {
    const pairs = [
      { a: 10, b: 8 },
      { a: 10, b: 10 },
      { a: 10, b: 13 },
      { a: 10, b: 9 },
      { a: 10, b: 14 },
    ];
    const summary = pairedDifferences(pairs);
    expect(summary.bLower).toBe(2);
    expect(summary.medianDifference).toBe(0);
    // Two pairs: the median is halfway, between the quartiles.
    expect(pairedDifferences([{ a: 20, b: 22 }, { a: 24, b: 23 }]).medianDifference).toBe(0.5);
    expect([summary.lowerQuartile, summary.upperQuartile]).toEqual([-1, 3]);
  });

  it("gives NaN figures for no pairs", () => {
    const summary = pairedDifferences([]);
    expect(summary.pairs).toBe(0);
    expect(summary.medianDifference).toBeNaN();
    expect(summary.lowerQuartile).toBeNaN();
  });
});

describe("quantile", () => {
  it("interpolates between the two nearest ranks, whatever the input's order", () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75);
    expect(quantile([7], 0.75)).toBe(7);
  });
});
